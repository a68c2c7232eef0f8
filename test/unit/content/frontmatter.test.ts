import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../generator/content/frontmatter.ts';
import { ContentError } from '../../../generator/errors.ts';

const BADGES = ['Enterprise', 'Beta', 'Deprecated'];

function failure(raw: string): ContentError {
  try {
    parseFrontMatter(raw, 'content/docs/x.md', BADGES);
  } catch (err) {
    return err as ContentError;
  }
  throw new Error('expected an error');
}

describe('front matter', () => {
  it('parses keys and reports where the body starts', () => {
    const parsed = parseFrontMatter('---\ntitle: Hello\nsidebar_position: 2\ndisplayed_sidebar: null\n---\n\nBody', 'x.md', BADGES);
    expect(parsed.frontMatter).toMatchObject({ title: 'Hello', sidebar_position: 2, displayed_sidebar: null });
    expect(parsed.bodyLine).toBe(6);
    expect(parsed.body.trim()).toBe('Body');
  });

  it('names the file and line of a value of the wrong type', () => {
    const err = failure('---\ntitle: A\nsidebar_position: abc\n---\n');
    expect(err.message).toBe('front matter "sidebar_position": must be a number (got "abc")');
    expect(err.location).toEqual({ file: 'content/docs/x.md', line: 3, column: 1 });
  });

  it('points at the line of malformed YAML', () => {
    const err = failure('---\ntitle: A\nbad: [unclosed\nother: 1\n---\n');
    expect(err.message).toMatch(/^invalid YAML front matter/);
    expect(err.location?.file).toBe('content/docs/x.md');
    expect(err.location?.line).toBeGreaterThanOrEqual(3);
  });

  it('rejects badges the config does not declare, with the one meant', () => {
    expect(failure('---\nbadges: [Gold]\n---\n').message).toMatch(/front matter "badges"/);
    expect(failure('---\ntitle: A\nbadges: [Betta]\n---\n')).toMatchObject({ message: 'front matter "badges": no badge "Betta"; did you mean "Beta"?', location: { line: 3 } });
    expect(parseFrontMatter('---\nbadges: [Beta]\n---\n', 'x.md', BADGES).frontMatter.badges).toEqual(['Beta']);
  });

  it('points at the exact line and column of a YAML error', () => {
    const err = failure('---\ntitle: A\nbad: : x\nother: 1\n---\n');
    expect(err.location).toEqual({ file: 'content/docs/x.md', line: 3, column: 6 });
    const indent = failure('---\ntitle: A\nother: 1\n  nested: 2\n---\n');
    expect(indent.message).toMatch(/^invalid YAML front matter: bad indentation of a mapping entry/);
    expect(indent.location).toEqual({ file: 'content/docs/x.md', line: 4, column: 9 });
  });

  it('says what is wrong with front matter that is a list or a single value', () => {
    const list = failure('---\n- title: A\n- slug: b\n---\nBody\n');
    expect(list.message).toBe('front matter must be "key: value" lines, not a list');
    expect(list.location).toEqual({ file: 'content/docs/x.md', line: 2, column: 1 });
    expect(list.hint).toMatch(/title: My page/);
    expect(failure('---\njust a title\n---\nBody\n').message).toBe('front matter must be "key: value" lines, not a string ("just a title")');
    expect(failure('---\n42\n---\nBody\n').message).toBe('front matter must be "key: value" lines, not a number (42)');
  });

  it('rejects toc_min_heading_level greater than toc_max_heading_level, at its line', () => {
    const err = failure('---\ntitle: A\ntoc_max_heading_level: 3\ntoc_min_heading_level: 4\n---\n');
    expect(err.message).toBe('front matter "toc_min_heading_level": is greater than toc_max_heading_level (3) (got 4)');
    expect(err.location).toEqual({ file: 'content/docs/x.md', line: 4, column: 1 });
    expect(parseFrontMatter('---\ntoc_min_heading_level: 3\ntoc_max_heading_level: 3\n---\n', 'x.md', BADGES).frontMatter.toc_min_heading_level).toBe(3);
  });
});

describe('the body after the front matter', () => {
  it('is cut as gray-matter cuts a whole file, which it is no longer given', () => {
    const files = ['---\ntitle: A\n---\n\nBody.\n', '---\r\ntitle: A\r\n---\r\nBody', '---\n---\nBody', '---\ntitle: A\n---', '---\ntitle: A\n----\nx: 1\n---\nBody', 'No front matter.\n', '---\n# a comment\n---\n\n# Title\n'];
    for (const raw of files) {
      const whole = matter(raw, {});
      const got = parseFrontMatter(raw, 'content/docs/x.md', BADGES);
      expect(got.body, JSON.stringify(raw)).toBe(whole.content);
      expect(got.frontMatter, JSON.stringify(raw)).toEqual(whole.data);
    }
  });
});

describe('the front matter block', () => {
  const same = (raw: string) => {
    const whole = matter(raw, {});
    const got = parseFrontMatter(raw, 'content/docs/x.md', BADGES);
    expect(got.frontMatter, JSON.stringify(raw)).toStrictEqual(whole.data ?? {});
    expect(got.body, JSON.stringify(raw)).toBe(whole.content);
  };

  it('gives the data gray-matter gives for the whole file, read without it', () => {
    const blocks = [
      '---\ntitle: "Quoted: yes"\norder: [a, 2, "c d"]\nslug: /x # comment\n---\nBody',
      '---\n# only a comment\n  # and another\n\n---\nBody',
      '---\n   \n---\nBody',
      '---\r\ntitle: A\r\ndescription: >\r\n  Folded\r\n  text\r\n---\r\nBody',
      '---\ntitle: A\nlast_update:\n  date: 2024-01-02\n  author: B\nbadges: []\n---\n',
      '---\ntitle: &t Anchor\nsidebar_label: *t\n---\nBody',
      '---\n~\n---\nBody',
      '---\ntitle: A\n--- \nnot: closed here\n---\nBody',
    ];
    for (const raw of blocks) same(raw);
  });

  it('leaves other openings to gray-matter, with the same result', () => {
    for (const raw of ['---yaml\ntitle: A\n---\nBody', '--- \ntitle: A\n---\nBody', '---json\n{"title": "A"}\n---\nBody', '---\ntitle: A\n']) same(raw);
  });

  it('reports a YAML error at the line and column gray-matter would', () => {
    for (const raw of ['---\ntitle: A\nbad: : x\n---\n', '---\r\ntitle: A\r\n  indented: 1\r\n---\r\n', '---\ntitle: "unclosed\n---\n']) {
      let mark: { line: number; column: number } | undefined;
      try {
        matter(raw, {});
      } catch (err) {
        mark = (err as { mark: { line: number; column: number } }).mark;
      }
      expect(mark, JSON.stringify(raw)).toBeDefined();
      expect(failure(raw).location, JSON.stringify(raw)).toEqual({ file: 'content/docs/x.md', line: mark!.line + 1, column: mark!.column + 1 });
    }
  });
});
