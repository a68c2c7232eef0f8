import { describe, expect, it } from 'vitest';
import { useBreakableSite } from './break-site.ts';

/**
 * Hostile or careless input (issue 16): each case breaks a copy of the basic fixture after a good
 * build and checks the one clear message at file:line:column, exit code 1, no stack trace, and
 * the previous build/ left as it was, with no temporary output folder beside it.
 */
const breakWith = useBreakableSite();

const deepLists = (n: number) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');

describe('pathological Markdown', () => {
  // Before the check these took 49 s and then overflowed the stack (1,200) or ran past 300 s (5,000).
  for (const [name, env] of [['in the main thread', {}], ['on worker threads', { DOCGEN_WORKERS: '2' }]] as const) {
    it(`lists nested 1,200 deep fail within seconds at file:line:col, ${name}`, async () => {
      const res = await breakWith('content/docs/guide/code.md', `---\ntitle: Code\n---\n\nIntro.\n\n${deepLists(1200)}\n`, env);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(
        'error content/docs/guide/code.md:107:201: lists and block quotes nested more than 100 levels deep\n  hint: flatten the nesting: split the list or quote, or show a deep structure in a code block\n',
      );
      expect(res.seconds).toBeLessThan(45);
    }, 120_000);
  }

  it('block quotes nested 5,000 deep fail at file:line:col', async () => {
    const res = await breakWith('content/docs/guide/index.md', `---\ntitle: Guide\n---\n\n${'>'.repeat(5000)} deep\n`);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/docs/guide/index.md:5:101: lists and block quotes nested more than 100 levels deep\n');
    expect(res.seconds).toBeLessThan(45);
  }, 120_000);
});

describe('front matter and config mistakes', () => {
  it('a YAML error names its exact line and column', async () => {
    const res = await breakWith('content/docs/guide/index.md', '---\ntitle: Guide\nbad: : x\n---\nBody\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error content\/docs\/guide\/index\.md:3:6: invalid YAML front matter: incomplete explicit mapping pair/m);
  });

  it('front matter that is a list says so', async () => {
    const res = await breakWith('content/docs/guide/index.md', '---\n- title: Guide\n---\nBody\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/docs/guide/index.md:2:1: front matter must be "key: value" lines, not a list\n  hint: write one "key: value" per line');
  });

  it('an unknown displayed_sidebar is an error at its line', async () => {
    const res = await breakWith('content/docs/guide/index.md', '---\ntitle: Guide\ndisplayed_sidebar: doc\n---\nBody\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/docs/guide/index.md:3:1: front matter "displayed_sidebar": no sidebar "doc"; did you mean "docs"?');
  });

  it('toc_min_heading_level above toc_max_heading_level is an error at its line', async () => {
    const res = await breakWith('content/docs/guide/index.md', '---\ntitle: Guide\ntoc_min_heading_level: 4\ntoc_max_heading_level: 3\n---\nBody\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/docs/guide/index.md:3:1: front matter "toc_min_heading_level": is greater than toc_max_heading_level (3) (got 4)');
  });

  it('an unknown config key is an error with the key meant, at its line and column', async () => {
    const res = await breakWith('site.config.ts', "import { defineConfig } from 'docgen';\n\nexport default defineConfig({\n  titel: 'Fixture Docs',\n  title: 'Fixture Docs',\n  url: 'https://docs.fixture.example',\n});\n");
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('error site.config.ts:4:3: titel: unknown key; did you mean "title"?\n  hint: fix the value and build again\nbuild failed; build/ left unchanged\n');
  });

  it('a config whose default export rejects is one error', async () => {
    const res = await breakWith('site.config.ts', 'export default Promise.reject(new Error("no network"));\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('error site.config.ts: default export rejected: no network\n  hint: the promise the config exports must resolve to the site configuration\nbuild failed; build/ left unchanged\n');
  });
});
