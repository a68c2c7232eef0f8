import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../generator/content/frontmatter.ts';
import { parseDoc, parsedParts } from '../../../generator/content/parsed.ts';
import { ContentError } from '../../../generator/errors.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-parsed-'));
function doc(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('parseDoc (a doc as the reading thread reads it)', () => {
  it('gives, copied to another thread, the parts the main thread would have read', () => {
    const text = '---\ntitle: "A: b"\nkeywords: [1, two]\ndate: 2024-05-01\nredirect_from: /old\n---\r\n\n# Heading\nBody\n';
    const parsed = parseDoc(doc('a.md', text), 'content/docs/a.md', []);
    const copied = structuredClone(parsed)!;
    const { frontMatter, body, bodyLine } = parseFrontMatter(text, 'content/docs/a.md', []);
    expect(parsedParts(copied)).toEqual({ raw: text, frontMatter, body, bodyLine });
    expect(parsedParts(copied).frontMatter.date).toBeInstanceOf(Date);
  });

  it('gives a content error with its place, thrown again as a ContentError', () => {
    const parsed = parseDoc(doc('bad.md', '---\ntitle: [unclosed\n---\nBody\n'), 'content/docs/bad.md', []);
    expect(parsed).toMatchObject({ error: { location: { file: 'content/docs/bad.md', line: 3 } } });
    const thrown = (() => {
      try {
        parsedParts(structuredClone(parsed)!);
      } catch (err) {
        return err;
      }
    })();
    expect(thrown).toBeInstanceOf(ContentError);
    expect(thrown).toMatchObject({ message: expect.stringContaining('invalid YAML front matter'), location: { file: 'content/docs/bad.md', line: 3 }, hint: expect.stringContaining('"---"') });
  });

  it('leaves to the main thread what a copy would change, and a file it cannot read', () => {
    // js-yaml gives a YAML binary as a Buffer, which reaches another thread as a plain Uint8Array.
    expect(parseDoc(doc('bin.md', '---\ntitle: T\nlogo: !!binary aGVsbG8=\n---\nBody\n'), 'content/docs/bin.md', [])).toBeUndefined();
    expect(parseDoc(path.join(dir, 'missing.md'), 'content/docs/missing.md', [])).toBeUndefined();
    expect(parseDoc(dir, 'content/docs', [])).toBeUndefined();
  });
});
