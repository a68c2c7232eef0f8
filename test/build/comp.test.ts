import { execFile } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianPackage, JAVA } from '../apt.mjs';
import { copyFixture, docgen, read } from '../helpers.ts';

/** The features fixture built with the real CLI: its components (content/components/) and the pages using them. */
let site: string;
let first: Awaited<ReturnType<typeof docgen>>;

/** How many docs' Markdown a build rendered (not served from the cache), from its --verbose timings. */
const rendered = (res: { stderr: string }) => Number(/rendered (\d+) docs/.exec(res.stderr)?.[1]);

beforeAll(async () => {
  site = copyFixture('features');
  first = await docgen(site, ['build', '--strict', '--verbose']);
}, 120_000);

describe('components in Markdown (features fixture)', () => {
  it('builds --strict with no warning', () => {
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/built build\/: \d+ pages, \d+ redirects, 0 warnings, 0 errors/);
  });

  it('gives each interactive component a script of its own, named in the data of the pages that hold it only', () => {
    const islands = readdirSync(path.join(site, 'build', 'assets')).filter((f) => f.startsWith('island-'));
    expect(islands).toEqual([expect.stringMatching(/^island-counter\.[0-9A-Z]{8}\.js$/)]);
    const chunk = JSON.parse(read(site, 'build/_chunks/docs/comp.json'));
    expect(chunk.doc.islands).toEqual({ counter: `/assets/${islands[0]}` });
    const plain = read(site, 'build/docs/comp-plain/index.html');
    expect(plain).not.toContain('island-');
    expect(JSON.parse(read(site, 'build/_chunks/docs/comp-plain.json')).doc.islands).toBeUndefined();
    expect(read(site, 'build/docs/comp/index.html')).not.toMatch(/<script[^>]+island-/);
  });

  it('writes pages the Nu HTML checker finds no error in, islands included', async () => {
    const missing = ensureDebianPackage('default-jre-headless', JAVA);
    if (missing) throw new Error(`the Nu HTML Checker needs Java: ${missing}`);
    const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
    const pages = ['docs/comp/index.html', 'docs/comp-plain/index.html'].map((p) => path.join(site, 'build', p));
    const { stderr } = await promisify(execFile)(JAVA, ['-jar', jar, '--errors-only', ...pages]);
    expect(stderr).toBe('');
  }, 60_000);

  it('re-renders the Markdown of the docs using a component when its code changes, and only theirs', async () => {
    const again = await docgen(site, ['build', '--strict', '--verbose']);
    expect(rendered(again)).toBe(0);
    const file = path.join(site, 'content/components/callout.tsx');
    writeFileSync(file, read(site, 'content/components/callout.tsx').replace('className="callout__title"', 'className="callout__title callout__title--edited"'));
    const edited = await docgen(site, ['build', '--strict', '--verbose']);
    expect(edited.code).toBe(0);
    // comp.md and comp-plain.md use a component; the fixture's other docs do not.
    expect(rendered(edited)).toBe(2);
    expect(read(site, 'build/docs/comp-plain/index.html')).toContain('callout__title--edited');
  }, 60_000);

  it('stops the build of a site large enough to load its components early, at a component that does not compile, once', async () => {
    const large = copyFixture('features');
    // Enough docs for the workers (and the components) to start before the site is read.
    for (let i = 0; i < 70; i++) writeFileSync(path.join(large, `content/docs/extra-${i}.md`), `# Extra ${i}\n\nPress :kbd[Ctrl].\n`);
    writeFileSync(path.join(large, 'content/components/kbd.tsx'), `${read(large, 'content/components/kbd.tsx')}export const broken = ;\n`);
    const res = await docgen(large, ['build']);
    expect(res.code).toBe(1);
    expect(res.stderr.match(/^error /gm)).toHaveLength(1);
    expect(res.stderr).toMatch(/^error content\/components\/kbd\.tsx:7:\d+: Unexpected ";"\n  hint: fix the component and build again$/m);
  }, 60_000);

  it('reports an unknown component with a did-you-mean and a bad prop with its rule, at file:line', async () => {
    const broken = copyFixture('features');
    writeFileSync(path.join(broken, 'content/docs/broken.md'), '# Broken\n\n::countr{start="1"}\n\n::counter{start="-3"}\n');
    const res = await docgen(broken, ['build']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('content/docs/broken.md:3:1 error directive: unknown component "::countr"\n  hint: did you mean "counter"?');
    expect(res.stderr).toMatch(/content\/docs\/broken\.md:5:1 error directive: ::counter: prop "start" \(got "-3"\): .*>=0\n  hint: the rule is the schema in content\/components\/counter\.tsx/);
  }, 60_000);
});
