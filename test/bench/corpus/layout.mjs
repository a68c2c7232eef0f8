// Corpus layout: folders, page slugs, titles and headings, and the relative links between pages.
import path from 'node:path';
import { L1_TOPICS, L2_TOPICS, cap, kebab, label, slugify } from './words.mjs';

function uniqueName(rng, pool, taken, fallback) {
  const free = pool.filter((x) => !taken.has(x));
  let name = free.length ? rng.pick(free) : fallback();
  for (let i = 2; taken.has(name); i++) name = `${name.replace(/-\d+$/, '')}-${i}`;
  taken.add(name);
  return name;
}

/** Decide folders, page slugs, titles and headings (everything links may point at). */
export function plan(n, rng, g) {
  const pageCount = n - 1;
  const leafTarget = Math.max(1, Math.ceil(pageCount / 8));
  const l1Count = Math.max(1, Math.ceil(Math.sqrt(leafTarget)));
  const l2PerL1 = Math.max(1, Math.ceil(leafTarget / l1Count));
  const l1Names = new Set(['api', 'sdks', 'index', 'assets']);
  const leaves = [];
  const folders = [];
  for (let i = 0; i < l1Count; i++) {
    const l1 = uniqueName(rng, L1_TOPICS, l1Names, () => kebab(`${g.adj()} ${g.noun()}`));
    folders.push({ dir: l1, label: label(l1), position: i + 1 });
    const l2Names = new Set(['index']);
    for (let j = 0; j < l2PerL1; j++) {
      const l2 = uniqueName(rng, L2_TOPICS, l2Names, () => kebab(`${g.noun()} ${rng.pick(L2_TOPICS)}`));
      folders.push({ dir: `${l1}/${l2}`, label: label(l2), position: j + 1 });
      leaves.push({ dir: `${l1}/${l2}`, l1, pages: [] });
    }
  }
  const slugs = new Set(['index']);
  const pages = [];
  for (let i = 0; i < pageCount; i++) {
    const leaf = leaves[i % leaves.length];
    let title = cap(g.pageTitle());
    for (let tries = 0; slugs.has(slugify(title).replace(/ /g, '-')) && tries < 20; tries++) title = cap(g.pageTitle());
    let slug = slugify(title);
    for (let k = 2; slugs.has(slug); k++) slug = `${slugify(title)}-${k}`;
    slugs.add(slug);
    // Headings: unique slugs within the page, so every anchor is a first occurrence.
    const seen = new Set();
    const fresh = (make) => {
      let text = make();
      for (let tries = 0; seen.has(slugify(text)) && tries < 50; tries++) text = make();
      for (let k = 2; seen.has(slugify(text)); k++) text = `${text.replace(/ \d+$/, '')} ${k}`;
      seen.add(slugify(text));
      return text;
    };
    const sections = Array.from({ length: rng.int(4, 8) }, () => ({
      h2: fresh(() => g.h2()),
      subs: Array.from({ length: rng.weighted([[0, 5], [1, 3], [2, 2]]) }, () => fresh(() => g.h3())),
    }));
    const page = {
      file: `${leaf.dir}/${slug}.md`,
      leaf: leaf.dir,
      l1: leaf.l1,
      slug,
      title,
      position: leaf.pages.length + 1,
      sections,
      anchors: sections.map((s) => slugify(s.h2)),
    };
    leaf.pages.push(page);
    pages.push(page);
  }
  return { folders, leaves: leaves.filter((l) => l.pages.length), pages };
}

function relLink(fromFile, toFile) {
  const rel = path.posix.relative(path.posix.dirname(fromFile), toFile);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** 3–6 link targets: same folder, same top-level folder, elsewhere. */
export function pickTargets(rng, page, all, byLeaf, byL1) {
  const want = rng.int(3, 6);
  const chosen = new Set();
  const pools = [byLeaf.get(page.leaf), byL1.get(page.l1), all, all, all, all];
  for (const pool of pools) {
    if (chosen.size >= want) break;
    const options = pool.filter((p) => p !== page && !chosen.has(p));
    if (options.length) chosen.add(rng.pick(options));
  }
  for (let guard = 0; chosen.size < want && guard < 50; guard++) {
    const p = rng.pick(all);
    if (p !== page) chosen.add(p);
  }
  return [...chosen];
}

export function linkSentence(rng, g, page, target) {
  const withAnchor = target.anchors && rng.chance(0.5);
  const i = withAnchor ? rng.int(0, target.anchors.length - 1) : -1;
  const href = relLink(page.file, target.file) + (withAnchor ? `#${target.anchors[i]}` : '');
  const text = withAnchor && rng.chance(0.5) ? target.sections[i].h2 : target.title;
  const t = [
    () => `For a step-by-step walkthrough, see [${text}](${href}).`,
    () => `The ${g.noun()} is described in more detail in [${text}](${href}).`,
    () => `If you have not ${g.vpp()} the ${g.noun()} yet, read [${text}](${href}) first.`,
    () => `See [${text}](${href}) for the full list of ${g.nouns()}.`,
    () => `This works the same way as in [${text}](${href}).`,
    () => `[${text}](${href}) explains how ${g.nouns()} ${g.verb()} ${g.np()}.`,
  ];
  return rng.pick(t)();
}
