import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { transformSync } from 'esbuild';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareCode } from '../../generator/markdown/code.ts';
import { escapeHtml, htmlPathFor } from '../../generator/render/index.tsx';
import { REPO, docgen } from '../helpers.ts';

/**
 * The site's page inventory (a copy of the shared pages.json) against the real build: every
 * route is built with its title, its outline's sections and its size bar, and links onward.
 */
interface InventoryPage {
  route: string;
  title: string;
  sidebar: string | null;
  landing?: boolean;
  outline?: string[];
  size_hint_kb: number;
}

const inventory: InventoryPage[] = JSON.parse(readFileSync(path.join(REPO, 'test/content/pages.json'), 'utf8'));
/** Pages the issues add beyond the inventory: landing pages, so no trimmed URL is a 404, and the changelog. */
const extra: InventoryPage[] = [
  { route: '/docs/guides/', title: 'Guides', sidebar: 'docs', landing: true, size_hint_kb: 0 },
  { route: '/docs/api/orchestration/', title: 'Orchestration', sidebar: 'api', landing: true, size_hint_kb: 0 },
  {
    route: '/docs/api/changelog',
    title: 'API Changelog',
    sidebar: 'api',
    outline: ['Summary', 'New Endpoints', 'Changed Behaviour', 'Guides', 'Upgrading From 1.160.0'],
    size_hint_kb: 8,
  },
];
const BADGE = / \[(Enterprise|Beta|Deprecated)\]$/;

let out: string;
let build: Awaited<ReturnType<typeof docgen>>;

beforeAll(async () => {
  out = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-site-')), 'build');
  build = await docgen(REPO, ['build', '--strict', '--check-code', '--out', out]);
}, 240_000);

function sourceOf(route: string): string {
  const rel = route.replace(/^\/docs\/?/, '');
  return path.join(REPO, 'content', 'docs', rel === '' ? 'index.md' : rel.endsWith('/') ? `${rel}index.md` : `${rel}.md`);
}

/** `##` headings as a reader sees them: text without badges or the anchor link. */
function h2Texts(html: string): string[] {
  return [...html.matchAll(/<h2 id="[^"]*" class="anchor">([\s\S]*?)<a href="#[^"]*" class="hash-link"/g)].map((m) =>
    m[1]
      .replace(/<span class="badge[^"]*"[^>]*>[^<]*<\/span>/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&#x26;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .trim(),
  );
}

/** Internal links in the Markdown source (routes and relative .md files), without self-links. */
function internalLinks(md: string, route: string): Set<string> {
  const found = new Set<string>();
  for (const m of md.matchAll(/\]\(((?:\/docs\/|\.{1,2}\/)[^)\s]*)\)|href="(\/docs\/[^"]*)"/g)) {
    const target = (m[1] ?? m[2]).split('#')[0];
    if (target && target !== route) found.add(target);
  }
  return found;
}

/** Fenced code blocks of the given languages in every doc of every version, magic comments removed. */
function codeBlocks(langs: string[]): { file: string; lang: string; code: string }[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.md')) files.push(full);
    }
  };
  walk(path.join(REPO, 'content', 'docs'));
  // Older versions' copies too: their examples were edited to match their release.
  if (existsSync(path.join(REPO, 'versioned_docs'))) walk(path.join(REPO, 'versioned_docs'));
  const out: { file: string; lang: string; code: string }[] = [];
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^([ \t]*)```(\w+)[^\n]*\n([\s\S]*?)^\1```[ \t]*$/gm)) {
      if (!langs.includes(m[2])) continue;
      // The code as the page shows it: magic and notation comments removed.
      const code = prepareCode(
        m[3]
          .split('\n')
          .map((l) => l.slice(m[1].length))
          .join('\n'),
        '',
      ).value;
      out.push({ file: path.relative(REPO, file), lang: m[2], code });
    }
  }
  return out;
}

function checkScope(name: string, pages: InventoryPage[]) {
  describe(`content: ${name} (${pages.length} pages)`, () => {
    it.each(pages.map((p) => [p.route, p] as const))('%s is built with its title, outline, size and links', (route, page) => {
      const file = path.join(out, htmlPathFor(route));
      expect(existsSync(file), `${route} was not built`).toBe(true);
      const html = readFileSync(file, 'utf8');
      expect(html).toContain(`<title>${escapeHtml(page.title)} | Vaultline Docs</title>`);
      const headings = h2Texts(html);
      for (const section of page.outline ?? []) expect(headings, `${route} lacks "## ${section}"`).toContain(section.replace(BADGE, ''));
      const md = readFileSync(sourceOf(route), 'utf8');
      const bar = Math.max(page.size_hint_kb * 1024 * 0.35, page.landing ? 1536 : 0);
      expect(Buffer.byteLength(md), `${route} is under its size bar`).toBeGreaterThanOrEqual(bar);
      expect(internalLinks(md, route).size, `${route} links to fewer than two related pages`).toBeGreaterThanOrEqual(2);
    });
  });
}

describe('the real site', () => {
  it('builds with --strict and --check-code and no warnings', () => {
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/0 warnings, 0 errors/);
    expect(build.stdout).toMatch(/^check-code: \d+ code blocks parsed \(\d+ json, \d+ jsx, \d+ python, \d+ shell, \d+ ts\)$/m);
  });

  it('parses every JSON code block of every page', () => {
    const blocks = codeBlocks(['json']);
    expect(blocks.length).toBeGreaterThan(100);
    for (const b of blocks) expect(() => JSON.parse(b.code), `${b.file}: a json block does not parse`).not.toThrow();
  });

  it('parses every JavaScript and TypeScript code block', () => {
    const loaders: Record<string, 'jsx' | 'tsx'> = { js: 'jsx', javascript: 'jsx', jsx: 'jsx', ts: 'tsx', typescript: 'tsx', tsx: 'tsx' };
    const blocks = codeBlocks(Object.keys(loaders));
    expect(blocks.length).toBeGreaterThan(100);
    for (const b of blocks) {
      expect(() => transformSync(b.code, { loader: loaders[b.lang], format: 'esm', logLevel: 'silent' }), `${b.file}: a ${b.lang} block does not parse`).not.toThrow();
    }
  });

  it('parses every Python code block', () => {
    const blocks = codeBlocks(['python']);
    expect(blocks.length).toBeGreaterThan(20);
    const script = 'import ast, json, sys\nfor b in json.load(sys.stdin):\n    try: ast.parse(b["code"])\n    except SyntaxError as e: print(b["file"], e)\n';
    const res = spawnSync('python3', ['-c', script], { input: JSON.stringify(blocks), encoding: 'utf8' });
    expect(res.error, 'python3 is needed to check the Python examples').toBeUndefined();
    expect(res.stdout).toBe('');
  });

  it('has the spec\'s navbar and footer on every page', () => {
    const html = readFileSync(path.join(out, htmlPathFor('/docs/api/authentication')), 'utf8');
    const nav = html.match(/<nav class="navbar[^"]*" aria-label="Main">([\s\S]*?)<\/nav>/)![1];
    const left = nav.slice(0, nav.indexOf('navbar__items--right'));
    expect([...left.matchAll(/<a class="navbar__item navbar__link" href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2], m[1]])).toEqual([
      ['Guides', '/docs/'],
      ['API', '/docs/api/'],
      ['SDKs', '/docs/sdks/'],
    ]);
    expect(left).toContain('href="/docs/api/" aria-current="true">API</a>');
    expect(nav).toContain('<a class="navbar__item navbar__link" href="https://github.com/vaultline" target="_blank" rel="noopener noreferrer" aria-label="Vaultline on GitHub">GitHub</a>');
    expect(nav).toContain('aria-label="Switch between dark and light mode (currently dark mode)"');
    expect(nav).toMatch(/<a class="navbar__item navbar__link navbar__button" href="https:\/\/portal\.vaultline\.example" target="_blank" rel="noopener noreferrer">Sign In<\/a>/);
    expect(nav).toContain('<img loading="lazy" class="logo logo--mobile" src="/img/logo-mark.svg"');
    const footer = html.match(/<footer class="footer footer--dark">([\s\S]*?)<\/footer>/)![1];
    expect([...footer.matchAll(/<p class="footer__title">([^<]+)<\/p>/g)].map((m) => m[1])).toEqual(['Docs', 'API', 'SDKs', 'Company']);
    expect(footer).toContain('href="https://portal.vaultline.example" target="_blank" rel="noopener noreferrer">Portal</a>');
    expect(footer).toContain('href="https://github.com/vaultline" target="_blank" rel="noopener noreferrer">GitHub</a>');
    expect(footer).toMatch(/<p class="footer__copyright">[^<]*1\.171\.0[^<]*<\/p>/);
  });

  it('has an index page at every folder URL under /docs/', () => {
    for (const page of inventory) {
      const parts = page.route.split('/').filter(Boolean);
      for (let i = 2; i < parts.length; i++) {
        const folder = `/${parts.slice(0, i).join('/')}/`;
        expect(existsSync(path.join(out, htmlPathFor(folder))), `${folder} is not built`).toBe(true);
      }
    }
  });
});

const under = (prefix: string) => (p: InventoryPage) => p.route.startsWith(prefix);
checkScope('API reference', [...inventory.filter(under('/docs/api/')), ...extra.filter(under('/docs/api/'))]);
checkScope('guides', [...inventory.filter(under('/docs/guides/')), ...extra.filter(under('/docs/guides/'))]);
checkScope('SDKs', inventory.filter(under('/docs/sdks/')));
checkScope(
  'getting started, concepts, expressions, features and blueprints',
  inventory.filter((p) => !['/docs/api/', '/docs/guides/', '/docs/sdks/'].some((s) => p.route.startsWith(s))),
);
