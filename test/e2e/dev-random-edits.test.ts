import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, copyPackage, request } from '../helpers.ts';
import { startCli, type CliServer } from './browser.ts';

/**
 * `docgen dev` re-runs only what each change touches; `docgen build` runs everything. After a
 * long seeded-random sequence of edits (content, front matter, config, theme, redirects, files
 * added, deleted and renamed) every file the build writes is served by dev with the same bytes.
 */
const SEED = Number(process.env.DOCGEN_EDIT_SEED ?? 1117);
const EDITS = 36;

let site: string;
let pkg: string;
let dev: CliServer;

beforeAll(async () => {
  pkg = copyPackage();
  site = copyFixture('basic');
  dev = await startCli(site, ['dev', '--port', '0'], path.join(pkg, 'bin', 'docgen.mjs'));
  for (let t = 0; !dev.output().includes('rendered the Markdown of every doc'); t++) {
    if (t > 600) throw new Error(`docgen dev did not finish rendering:\n${dev.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);
afterAll(async () => {
  await dev?.stop();
  for (const dir of [site, pkg]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A small fast generator (mulberry32), so a failing sequence can be replayed from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const file = (rel: string) => path.join(site, rel);
const readText = (rel: string) => readFileSync(file(rel), 'utf8');
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(file(rel)), { recursive: true });
  writeFileSync(file(rel), text);
};

/** Docs this test added: nothing links to them, so deleting or renaming one breaks no link. */
const added: string[] = [];
const EXISTING = ['content/docs/index.md', 'content/docs/guide/index.md', 'content/docs/guide/code.md', 'content/docs/guide/nested/deep.md'];

/** One edit: what it did (for the failure message). */
type Edit = (pick: <T>(items: T[]) => T, n: number) => string | Promise<string>;

/** Break a file, let dev show the error, then put it back. */
async function breakAndFix(rel: string, broken: string): Promise<string> {
  const before = readText(rel);
  const mark = dev.output().length;
  write(rel, broken);
  await settle(mark, 150);
  write(rel, before);
  return `break and fix ${rel}`;
}

/** The edits, by kind; each leaves the site building (an error it makes, a later edit of its kind fixes). */
const EDIT_KINDS: Edit[] = [
  (pick, n) => {
    const rel = pick(EXISTING);
    write(rel, `${readText(rel)}\nParagraph ${n} with **bold** and \`code\`.\n`);
    return `append a paragraph to ${rel}`;
  },
  (pick, n) => {
    const rel = pick(EXISTING);
    write(rel, `${readText(rel)}\n## Section ${n}\n\nText under section ${n}.\n`);
    return `add a section to ${rel}`;
  },
  (pick, n) => {
    const rel = pick(EXISTING);
    const text = readText(rel);
    write(rel, /^description: /m.test(text) ? text.replace(/^description: .*$/m, `description: Edit ${n}.`) : text.replace(/^title: .*$/m, (line) => `${line}\ndescription: Edit ${n}.`));
    return `front matter description of ${rel}`;
  },
  (pick, n) => {
    const rel = pick(EXISTING.slice(1));
    write(rel, readText(rel).replace(/^sidebar_position: .*\n/m, '').replace(/^title: (.*)$/m, `title: $1\nsidebar_position: ${n % 5}`));
    return `sidebar position of ${rel}`;
  },
  (pick, n) => {
    const rel = `content/docs/${pick(['', 'guide/', 'extra/'])}added-${n}.md`;
    write(rel, `---\ntitle: Added ${n}\n---\n\nAn added page, [back to the guide](/docs/guide/).\n\n## Part ${n}\n`);
    added.push(rel);
    return `add ${rel}`;
  },
  (pick) => {
    if (!added.length) return 'nothing to delete';
    const rel = pick(added);
    added.splice(added.indexOf(rel), 1);
    rmSync(file(rel));
    return `delete ${rel}`;
  },
  (pick, n) => {
    if (!added.length) return 'nothing to rename';
    const rel = pick(added);
    const to = `content/docs/${pick(['', 'guide/'])}renamed-${n}.md`;
    renameSync(file(rel), file(to));
    added.splice(added.indexOf(rel), 1, to);
    return `rename ${rel} to ${to}`;
  },
  (pick, n) => {
    const title = pick(['Fixture Docs', `Fixture Docs ${n}`]);
    write('site.config.ts', readText('site.config.ts').replace(/title: '[^']*',\n  url/, `title: '${title}',\n  url`).replace(/copyright: '[^']*'/, `copyright: 'Copyright ${n}'`));
    return `config title ${title}`;
  },
  (_pick, n) => {
    const entries = JSON.parse(readText('redirects.json')) as { from: string; to: string }[];
    write('redirects.json', JSON.stringify([...entries.slice(-2), { from: `/old-${n}`, to: '/docs/guide/' }]));
    return `redirect /old-${n}`;
  },
  (pick) => {
    const rel = pick(EXISTING);
    return breakAndFix(rel, readText(rel).replace(/^title: /m, 'title: [unclosed '));
  },
  () => breakAndFix('site.config.ts', readText('site.config.ts').replace("url: '", "url: 42, x: '")),
  (pick, n) => {
    const css = path.join(pkg, 'theme', 'styles', 'index.css');
    const text = readFileSync(css, 'utf8').replace(/\n\/\* edit \d+ \*\/ \.docgen-edit-\d+ \{ color: red; \}\n$/, '\n');
    writeFileSync(css, pick([true, false]) ? `${text}\n/* edit ${n} */ .docgen-edit-${n} { color: red; }\n` : text);
    return 'theme css';
  },
];

/** Wait until dev printed something after `mark` and then stayed quiet a moment (or gave up waiting). */
async function settle(mark: number, quietMs: number): Promise<void> {
  const start = performance.now();
  let last = dev.output().length;
  let quietSince = performance.now();
  while (performance.now() - start < 20_000) {
    await new Promise((r) => setTimeout(r, 25));
    const now = dev.output().length;
    if (now !== last) {
      last = now;
      quietSince = performance.now();
    }
    const printed = now > mark;
    if (performance.now() - quietSince > (printed ? quietMs : 1500)) return;
  }
}

/** Every file of `dir`, relative, with `/` separators. */
function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name)).split(path.sep).join('/')]));
}

/** A file as dev answers for it, following its redirects on the site (a page's `index.html` redirects to the page's URL). */
async function served(rel: string): Promise<{ status: number; body: Buffer; at: string }> {
  let at = `/${rel}`;
  for (let hops = 0; ; hops++) {
    const res = await request(dev.url, at);
    const to = res.headers.location;
    if (hops > 4 || res.status < 300 || res.status >= 400 || !to?.startsWith('/')) return { ...res, at };
    at = to;
  }
}

/** What dev adds to every HTML page: its live-reload script. */
const withoutDevScript = (body: Buffer) => body.toString('utf8').replace(/<script src="\/__docgen\/client\.js" data-version="\d+"><\/script>/, '');

describe('docgen dev after a random sequence of edits', () => {
  it(`serves exactly what docgen build writes (seed ${SEED})`, async () => {
    const next = random(SEED);
    const pick = <T,>(items: T[]): T => items[Math.floor(next() * items.length)];
    const log: string[] = [];
    for (let n = 1; n <= EDITS; n++) {
      const mark = dev.output().length;
      log.push(await pick(EDIT_KINDS)(pick, n));
      await settle(mark, 150);
    }
    await settle(dev.output().length, 600);
    const out = path.join(site, 'fresh-build');
    const built = await promisify(execFile)(process.execPath, [path.join(pkg, 'bin', 'docgen.mjs'), 'build', '--no-cache', '--out', out], { cwd: site }).catch((err: Error) => err);
    expect(built instanceof Error ? `${built.message}\nedits:\n${log.join('\n')}` : 'built').toBe('built');
    const differ: string[] = [];
    for (const rel of listFiles(out)) {
      const answer = await served(rel);
      const expected = readFileSync(path.join(out, rel));
      // A redirect's stub page: dev answers with the redirect itself, to the stub's target.
      const stubTo = /data-to="([^"]*)"/.exec(expected.toString('utf8'))?.[1];
      const same = stubTo !== undefined ? answer.at === stubTo : rel.endsWith('.html') ? withoutDevScript(answer.body) === expected.toString('utf8') : answer.body.equals(expected);
      if (!same || (answer.status !== 200 && rel !== '404.html')) differ.push(`${rel} (${answer.status} at ${answer.at})`);
    }
    expect({ differ, edits: differ.length ? log : [] }).toEqual({ differ: [], edits: [] });
    expect(existsSync(path.join(out, 'index.html'))).toBe(true);
  }, 240_000);
});
