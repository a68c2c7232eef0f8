import { readFileSync } from 'node:fs';
import { ContentError, type Location } from '../errors.ts';
import { parseFrontMatter, type DocFrontMatter } from './frontmatter.ts';

/**
 * A doc file read and its front matter parsed: what the reading thread sends back (structured
 * clone), and what this thread makes of the files it reads itself. The body is where it starts
 * in `raw`, so the text crosses once.
 */
export type ParsedDoc =
  | { raw: string; frontMatter: DocFrontMatter; bodyStart: number; bodyLine: number }
  | { error: { message: string; location?: Location; hint?: string } };

/**
 * Read and parse one doc; `rel` names it in errors. Undefined when what it holds would not be
 * the same after a copy to another thread (a YAML binary, an object of another kind), or when
 * reading fails otherwise than with a content error: the main thread reads it again itself, so
 * the doc and the failure are what reading it there gives.
 */
export function parseDoc(file: string, rel: string, badges: readonly string[]): ParsedDoc | undefined {
  try {
    const { raw, frontMatter, body, bodyLine } = readParts(file, rel, badges);
    return plain(frontMatter) ? { raw, frontMatter, bodyStart: raw.length - body.length, bodyLine } : undefined;
  } catch (err) {
    if (!(err instanceof ContentError)) return undefined;
    return { error: { message: err.message, location: err.location, hint: err.hint } };
  }
}

/** The docs of one chunk of `files` (`rels`: the same relative to the site root), from `start` on. */
export function parseChunk(files: string[], rels: string[], badges: readonly string[], start: number, size: number): (ParsedDoc | undefined)[] {
  const docs: (ParsedDoc | undefined)[] = [];
  for (let i = start; i < Math.min(start + size, files.length); i++) docs.push(parseDoc(files[i], rels[i], badges));
  return docs;
}

/** A doc's parts as readDoc takes them: its text, front matter and body. */
export interface DocParts {
  raw: string;
  frontMatter: DocFrontMatter;
  body: string;
  bodyLine: number;
}

/** Read one doc and parse its front matter (`rel` names it in errors), on whichever thread asks. */
export function readParts(file: string, rel: string, badges: readonly string[]): DocParts {
  const raw = readFileSync(file, 'utf8');
  return { raw, ...parseFrontMatter(raw, rel, badges) };
}

/** The parsed doc as readDoc takes it: its parts, or its error thrown as this thread would have. */
export function parsedParts(parsed: ParsedDoc): DocParts {
  if ('error' in parsed) throw new ContentError(parsed.error.message, parsed.error.location, parsed.error.hint);
  return { raw: parsed.raw, frontMatter: parsed.frontMatter, body: parsed.raw.slice(parsed.bodyStart), bodyLine: parsed.bodyLine };
}

/** Whether a structured clone of `value` is equal to it: plain objects, arrays, dates and primitives. */
function plain(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'function' && typeof value !== 'symbol' && typeof value !== 'bigint';
  if (value instanceof Date) return Object.getPrototypeOf(value) === Date.prototype;
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype && value.every(plain);
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.keys(value).every((k) => k !== '__proto__' && plain((value as Record<string, unknown>)[k]));
}
