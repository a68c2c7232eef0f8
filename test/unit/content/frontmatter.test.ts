import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../generator/content/frontmatter.ts';
import { ContentError } from '../../../generator/errors.ts';

function failure(raw: string): ContentError {
  try {
    parseFrontMatter(raw, 'content/docs/x.md');
  } catch (err) {
    return err as ContentError;
  }
  throw new Error('expected an error');
}

describe('front matter', () => {
  it('parses keys and reports where the body starts', () => {
    const parsed = parseFrontMatter('---\ntitle: Hello\nsidebar_position: 2\ndisplayed_sidebar: null\n---\n\nBody', 'x.md');
    expect(parsed.frontMatter).toMatchObject({ title: 'Hello', sidebar_position: 2, displayed_sidebar: null });
    expect(parsed.bodyLine).toBe(6);
    expect(parsed.body.trim()).toBe('Body');
  });

  it('names the file and line of a value of the wrong type', () => {
    const err = failure('---\ntitle: A\nsidebar_position: abc\n---\n');
    expect(err.message).toBe('front matter "sidebar_position": Invalid input: expected number, received string (got "abc")');
    expect(err.location).toEqual({ file: 'content/docs/x.md', line: 3, column: 1 });
  });

  it('points at the line of malformed YAML', () => {
    const err = failure('---\ntitle: A\nbad: [unclosed\nother: 1\n---\n');
    expect(err.message).toMatch(/^invalid YAML front matter/);
    expect(err.location?.file).toBe('content/docs/x.md');
    expect(err.location?.line).toBeGreaterThanOrEqual(3);
  });

  it('rejects unknown badges', () => {
    expect(failure('---\nbadges: [Gold]\n---\n').message).toMatch(/front matter "badges"/);
  });
});
