// Markdown for one page (front matter, sections, code blocks, a table, an admonition, lists and
// links) and for the index page.
import { codeBlock } from './code.mjs';
import { linkSentence } from './layout.mjs';
import { LANGS, LANG_NAMES, STATUS, an, cap, countWords, label } from './words.mjs';

function table(rng, g) {
  const short = () => cap(`${g.verb3()} ${g.np()}.`);
  const yesNo = () => rng.pick(['Yes', 'No']);
  const templates = [
    {
      cols: ['Option', 'Type', 'Description', 'Default', 'Since'],
      row: () => {
        const p = g.prop();
        const v = rng.pick(p[2]);
        return [g.code(p[0]), { str: 'string', int: 'integer', bool: 'boolean' }[p[1]], short(), g.code(typeof v === 'string' ? `"${v}"` : String(v)), `v${rng.int(1, 4)}.${rng.int(0, 12)}`];
      },
    },
    {
      cols: ['Status', 'Meaning', 'Retry', 'Code', 'Notes'],
      row: () => {
        const [status, code] = rng.pick(STATUS);
        return [status, cap(`${g.adj()} ${g.noun()}`), yesNo(), g.code(code), cap(`${g.ving()} ${g.nouns()} ${g.adv()}`)];
      },
    },
    {
      cols: ['Variable', 'Description', 'Required', 'Default', 'Example'],
      row: () => [g.envCode(), short(), yesNo(), rng.pick(['None', g.code(String(rng.pick([30, 60, 3, 100])))]), g.code(rng.pick(['staging', 'eu-west-1', 'info', 'ci']))],
    },
    {
      cols: ['Feature', 'Free', 'Team', 'Enterprise', 'Notes'],
      row: () => [cap(`${g.adj()} ${g.nouns()}`), rng.pick(['No', 'Limited', String(rng.pick([1, 3, 5]))]), rng.pick(['Yes', 'Limited', String(rng.pick([10, 25, 50]))]), rng.pick(['Yes', 'Unlimited', 'Custom']), cap(`${g.nouns()} are ${g.vpp()} ${g.adv()}`)],
    },
    {
      cols: ['Command', 'Description', 'Scope', 'Since', 'Alias'],
      row: () => [g.cliCode(), short(), rng.pick(['Project', 'Organization', 'Workspace', 'Environment']), `v${rng.int(1, 4)}.${rng.int(0, 12)}`, g.code(rng.pick(['ls', 'rm', 'up', 'sync', 'get', 'new']))],
    },
  ];
  const t = rng.pick(templates);
  const ncols = rng.int(3, 5);
  const cols = t.cols.slice(0, ncols);
  const rows = Array.from({ length: rng.int(3, 8) }, () => t.row().slice(0, ncols));
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(cols), line(cols.map(() => '---')), ...rows.map(line)];
}

function paragraphText(sentences) {
  return sentences.join(' ');
}

export function renderPage(rng, g, page, targets) {
  const budget = 590 + Math.round(((rng.next() + rng.next()) / 2) * 300);
  // Slots: every ## section and every ### subsection holds prose and maybe other blocks.
  const slots = [{ heading: null, items: [] }];
  for (const s of page.sections) {
    slots.push({ heading: `## ${s.h2}`, items: [] });
    for (const h of s.subs) slots.push({ heading: `### ${h}`, items: [] });
  }
  let fixed = 0;
  for (const s of slots) fixed += countWords(s.heading ?? '');
  const bodySlots = slots.slice(1);

  const codeCount = rng.int(3, 5);
  for (let i = 0; i < codeCount; i++) {
    const lang = rng.weighted(LANGS);
    const block = codeBlock(rng, g, lang);
    const intro = rng.pick([
      () => `The following ${LANG_NAMES[lang]} example ${g.verb3()} ${g.np()}.`,
      () => `Here is how to ${g.verb()} ${g.np()} in ${LANG_NAMES[lang]}.`,
      () => `This ${LANG_NAMES[lang]} snippet shows ${an(`${g.adj()} ${g.noun()}`)} in use.`,
      () => `A minimal ${LANG_NAMES[lang]} example looks like this.`,
    ])();
    fixed += countWords(intro);
    rng.pick(bodySlots).items.push({ kind: 'code', intro, block });
  }
  const tbl = table(rng, g);
  const tblIntro = `The following table lists ${g.adj()} ${g.nouns()} and their ${g.nouns()}.`;
  fixed += countWords(tblIntro) + tbl.reduce((s, l) => s + countWords(l.replace(/\|/g, ' ').replace(/---/g, '')), 0);
  rng.pick(bodySlots).items.push({ kind: 'table', intro: tblIntro, lines: tbl });

  const adm = rng.pick(['note', 'tip', 'warning']);
  const admText =
    adm === 'warning'
      ? `${cap(g.ving())} ${g.np()} cannot be undone. ${g.sentence()}`
      : adm === 'tip'
        ? `You can ${g.verb()} ${g.nps()} in bulk with ${g.cliCode()}. ${g.sentence()}`
        : g.sentence();
  fixed += countWords(admText);
  rng.pick(bodySlots).items.push({ kind: 'admonition', name: adm, text: admText });

  for (const s of bodySlots) {
    if (!rng.chance(0.3)) continue;
    const ordered = rng.chance(0.5);
    const intro = ordered ? rng.pick(['Complete the following steps.', 'The process has a few steps.', 'Follow these steps in order.']) : rng.pick(['Keep the following points in mind.', 'The main options are listed below.', 'A few things to check.']);
    const items = Array.from({ length: rng.int(3, 5) }, () => (ordered ? `${cap(g.verb())} ${g.np()}${rng.chance(0.5) ? ` with ${g.anyCode()}` : ''}.` : `${g.anyCode()} ${g.verb3()} ${g.np()}.`));
    fixed += countWords(intro) + items.reduce((n, x) => n + countWords(x), 0);
    s.items.push({ kind: 'list', ordered, intro, items });
  }

  const links = targets.map((t) => linkSentence(rng, g, page, t));
  fixed += links.reduce((n, l) => n + countWords(l.replace(/\]\([^)]*\)/g, ']')), 0);

  // Fill the rest of the budget with paragraphs, spread over the slots by random weights.
  let remaining = budget - fixed;
  const weights = slots.map((s) => (s.heading ? 1 + rng.next() * 2 : 0.6));
  const paragraphsBySlot = slots.map((s, i) => {
    const restW = weights.slice(i).reduce((a, b) => a + b, 0);
    const share = i === slots.length - 1 ? remaining : Math.round((remaining * weights[i]) / restW);
    const paragraphs = [];
    let spent = 0;
    do {
      const target = Math.min(Math.max(share - spent, 12), rng.int(35, 85));
      const sentences = [];
      let words = 0;
      while (words < target) {
        const sentence = g.sentence();
        sentences.push(sentence);
        words += countWords(sentence);
      }
      paragraphs.push(sentences);
      spent += words;
    } while (share - spent >= 20);
    remaining -= spent;
    return paragraphs;
  });
  // Put each link sentence into a random paragraph.
  for (const l of links) {
    const i = rng.int(0, slots.length - 1);
    const para = rng.pick(paragraphsBySlot[i]);
    para.splice(rng.int(0, para.length), 0, l);
  }

  const out = [];
  out.push('---', `title: ${page.title}`, `description: ${g.description()}`, `sidebar_position: ${page.position}`, '---', '');
  slots.forEach((s, i) => {
    if (s.heading) out.push(s.heading, '');
    const [first, ...rest] = paragraphsBySlot[i];
    out.push(paragraphText(first), '');
    const blocks = rng.shuffle([...rest.map((p) => ({ kind: 'para', p })), ...s.items]);
    for (const b of blocks) {
      if (b.kind === 'para') out.push(paragraphText(b.p), '');
      else if (b.kind === 'code') {
        out.push(b.intro, '', `\`\`\`${b.block.lang}${b.block.meta ? ` ${b.block.meta}` : ''}`, ...b.block.lines, '```', '');
      } else if (b.kind === 'table') out.push(b.intro, '', ...b.lines, '');
      else if (b.kind === 'admonition') out.push(`:::${b.name}`, '', b.text, '', ':::', '');
      else if (b.kind === 'list') {
        out.push(b.intro, '', ...b.items.map((x, k) => (b.ordered ? `${k + 1}. ${x}` : `- ${x}`)), '');
      }
    }
  });
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

export function renderIndex(rng, g, firstPages) {
  const lines = [
    '---',
    'title: Bench Docs',
    'description: A synthetic documentation corpus for benchmarking docgen.',
    'sidebar_position: 1',
    '---',
    '',
    `These pages are generated to benchmark the site generator. ${g.sentence()} ${g.sentence()}`,
    '',
    '## Sections',
    '',
  ];
  if (firstPages.length) {
    lines.push('Each section below starts with one of these pages.', '');
    for (const p of firstPages) lines.push(`- [${label(p.l1)}](./${p.file})`);
    lines.push('');
  }
  lines.push(`${g.sentence()} ${g.sentence()}`);
  return `${lines.join('\n')}\n`;
}
