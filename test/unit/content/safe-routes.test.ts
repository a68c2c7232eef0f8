import { describe, expect, it } from 'vitest';
import { keyLine } from '../../../generator/content/frontmatter.ts';
import { docRoute } from '../../../generator/content/routes.ts';
import { checkDocRoute, checkPageRoute } from '../../../generator/content/safe-routes.ts';
import { ContentError } from '../../../generator/errors.ts';
import type { DocFrontMatter } from '../../../generator/model.ts';

/** The error `checkDocRoute` gives a doc at `id` with these front matter lines, or undefined. */
function check(id: string, lines: string[]): ContentError | undefined {
  const raw = `---\ntitle: T\n${lines.join('\n')}\n---\nBody\n`;
  const frontMatter = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')), JSON.parse(l.slice(l.indexOf(':') + 1))])) as DocFrontMatter;
  const docId = frontMatter.id ? id.replace(/[^/]+$/, frontMatter.id) : id;
  try {
    checkDocRoute(docRoute(docId, '/docs', frontMatter.slug), frontMatter, { file: `content/docs/${id}.md`, line: (key) => keyLine(raw, key) });
  } catch (err) {
    return err as ContentError;
  }
  return undefined;
}

describe('doc routes that would leave the output', () => {
  it('accepts ordinary slugs and ids', () => {
    expect(check('guide/code', ['slug: "renamed"'])).toBeUndefined();
    expect(check('guide/code', ['slug: "/elsewhere/x"'])).toBeUndefined();
    expect(check('guide/code', ['slug: "/"'])).toBeUndefined();
    expect(check('guide/code', ['id: "v1.2"'])).toBeUndefined();
  });

  it('points at the slug line of a slug that climbs out', () => {
    const err = check('guide/code', ['sidebar_position: 1', 'slug: "../../../README"']);
    expect(err).toBeInstanceOf(ContentError);
    expect(err?.message).toBe('front matter "slug": "../../../README" has a ".." segment; a page must stay inside the site');
    expect(err?.location).toEqual({ file: 'content/docs/guide/code.md', line: 4, column: 1 });
  });

  it('refuses a slug of ".." (it replaced the folder\'s page), encoded climbs and other hosts', () => {
    expect(check('guide/code', ['slug: ".."'])?.message).toContain('has a ".." segment');
    expect(check('guide/code', ['slug: "%2e%2e/%2e%2e/x"'])?.message).toContain('has a ".." segment once its %-escapes are decoded');
    expect(check('guide/code', ['slug: "//evil.example/x"'])?.message).toContain('starts with "//" (another host)');
    expect(check('guide/code', ['slug: "https://evil.example"'])?.message).toContain('names a URL scheme');
    expect(check('guide/code', ['slug: "a\\\\b"'])?.message).toContain('holds a backslash');
  });

  it('points at the id line of an id that makes a dot segment', () => {
    const err = check('guide/code', ['id: ".."']);
    expect(err?.message).toBe('front matter "id": ".." gives the route /docs/guide/.., which has a ".." segment');
    expect(err?.location).toEqual({ file: 'content/docs/guide/code.md', line: 3, column: 1 });
  });

  it('points at the file when its name makes the route', () => {
    const err = check('guide/..', []);
    expect(err?.message).toBe('the file\'s name gives the route /docs/guide/.., which has a ".." segment');
    expect(err?.location).toEqual({ file: 'content/docs/guide/...md', line: 1, column: 1 });
  });

  it('refuses a page module whose name makes a climbing route', () => {
    expect(() => checkPageRoute('/..', 'content/pages/...tsx')).toThrow('the file\'s name gives the route /.., which has a ".." segment');
    expect(() => checkPageRoute('/about', 'content/pages/about.tsx')).not.toThrow();
  });
});
