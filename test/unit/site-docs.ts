import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

/**
 * Every Markdown body of the real site (both versions) and of the fixture sites: what a change
 * to parsing that must give the same trees is checked against.
 */
export function siteBodies(): { file: string; body: string }[] {
  const roots = ['content', 'versioned_docs', 'test/fixtures'];
  const files = roots.flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f)).map((f) => path.join(root, f)));
  return files.map((file) => ({ file, body: matter(readFileSync(file, 'utf8')).content }));
}
