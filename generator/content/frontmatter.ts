import matter from 'gray-matter';
import engines from 'gray-matter/lib/engines.js';
import * as z from 'zod';
import { ContentError } from '../errors.ts';
import { plainMessage } from '../config/issues.ts';
import { closest } from '../links/suggest.ts';

const frontMatterSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    slug: z.string(),
    id: z.string().regex(/^[\w.-]+$/, 'must be a file-name-like id (letters, digits, - _ .)'),
    sidebar_label: z.string(),
    sidebar_position: z.number(),
    hide_title: z.boolean(),
    hide_table_of_contents: z.boolean(),
    toc_min_heading_level: z.number().int().min(2).max(6),
    toc_max_heading_level: z.number().int().min(2).max(6),
    keywords: z.array(z.union([z.string(), z.number()]).transform(String)),
    displayed_sidebar: z.string().nullable(),
    badges: z.array(z.string()),
    search: z.boolean(),
    // Old routes of a moved page: each becomes a redirect to it (see generator/guards/redirect-from.ts).
    redirect_from: z.union([z.string().transform((s) => [s]), z.array(z.string())]),
  })
  .partial()
  .loose()
  .superRefine((f, ctx) => {
    if (f.toc_min_heading_level !== undefined && f.toc_max_heading_level !== undefined && f.toc_min_heading_level > f.toc_max_heading_level) {
      ctx.addIssue({ code: 'custom', message: `is greater than toc_max_heading_level (${f.toc_max_heading_level})`, path: ['toc_min_heading_level'] });
    }
  });

/** A doc's front matter as validated: the schema above is its only definition. */
export type DocFrontMatter = z.output<typeof frontMatterSchema>;

export interface ParsedFile {
  frontMatter: DocFrontMatter;
  body: string;
  bodyLine: number;
}

/** Line (1-based) of `key:` inside the front matter block, to point errors at it. */
export function keyLine(raw: string, key: string): number | undefined {
  const lines = raw.split('\n');
  for (let i = 1; i < lines.length && lines[i].trim() !== '---'; i++) {
    if (lines[i].startsWith(`${key}:`)) return i + 1;
  }
  return undefined;
}

/** A badge the config does not declare, with the one probably meant. */
function checkBadges(frontMatter: DocFrontMatter, badges: readonly string[], raw: string, file: string): void {
  const unknown = frontMatter.badges?.find((b) => !badges.includes(b));
  if (unknown === undefined) return;
  const near = closest(unknown, [...badges]);
  throw new ContentError(
    `front matter "badges": no badge "${unknown}"${near ? `; did you mean "${near}"?` : ''}`,
    { file, line: keyLine(raw, 'badges') ?? 1, column: 1 },
    badges.length ? `the site's badges are ${badges.map((b) => `"${b}"`).join(', ')} (the config's "badges")` : 'declare the badge in the config\'s "badges" first',
  );
}

/**
 * gray-matter's YAML engine (its own js-yaml), called as gray-matter calls it. On a large site
 * gray-matter's per-call set-up (options, engines, file object) costs more than the YAML.
 */
const parseYaml = engines.yaml.parse;

/**
 * The front matter block's data and the body, as gray-matter gives them for the whole file.
 * The common block (`---` alone on the first line) is read as gray-matter reads it: the YAML of
 * the text up to the line that starts with `---` (blank or comments only: no data, which is
 * `{}`), any error thrown with its mark at the same line. Other openings (`---yaml`, `--- `, no
 * closing line) go through gray-matter itself, given the block alone: given the whole file it
 * would look the text up in its cache and copy it into a buffer, which costs more than the YAML.
 * The body is cut as gray-matter cuts it (after the closing `---`, one line break dropped).
 */
function matterOf(raw: string): { data: unknown; content: string } {
  const close = raw.startsWith('---') && raw[3] !== '-' ? raw.indexOf('\n---', 3) : -1;
  // gray-matter caches by content; a fresh options object disables that.
  if (close === -1) return matter(raw, {});
  const end = close + '\n---'.length;
  let content = raw.slice(end);
  if (content[0] === '\r') content = content.slice(1);
  if (content[0] === '\n') content = content.slice(1);
  const plain = raw[3] === '\n' || (raw[3] === '\r' && raw[4] === '\n');
  if (!plain) return { data: matter(raw.slice(0, end), {}).data, content };
  const block = raw.slice(3, close);
  return { data: parseYaml(block), content };
}

/**
 * Split and validate front matter; errors name the file and the line of the bad key. `badges`
 * are the labels of the config's badges.
 */
export function parseFrontMatter(raw: string, file: string, badges: readonly string[]): ParsedFile {
  let parsed: { data: unknown; content: string };
  try {
    parsed = matterOf(raw);
  } catch (err) {
    const mark = (err as { mark?: { line: number; column: number } }).mark;
    const reason = (err as { reason?: string }).reason ?? (err as Error).message;
    throw new ContentError(
      `invalid YAML front matter: ${reason}`,
      // gray-matter hands js-yaml the text after the opening `---`, newline included: its line 0
      // is the file's line 1.
      { file, line: mark ? mark.line + 1 : 1, column: mark ? mark.column + 1 : 1 },
      'front matter is YAML between two "---" lines; quote values that contain ":" or "#"',
    );
  }
  const data: unknown = parsed.data ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new ContentError(
      `front matter must be "key: value" lines, not ${Array.isArray(data) ? 'a list' : `a ${typeof data} (${JSON.stringify(data)})`}`,
      { file, line: 2, column: 1 },
      'write one "key: value" per line between the two "---" lines, e.g. title: My page',
    );
  }
  const result = frontMatterSchema.safeParse(data, { reportInput: true });
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = String(issue.path[0]);
    const value = (parsed.data as Record<string, unknown>)[key];
    throw new ContentError(
      `front matter "${key}": ${plainMessage(issue)} (got ${JSON.stringify(value)})`,
      { file, line: keyLine(raw, key) ?? 1, column: 1 },
      `see the README's front matter table for "${key}"`,
    );
  }
  checkBadges(result.data, badges, raw, file);
  const bodyStart = raw.length - parsed.content.length;
  const bodyLine = raw.slice(0, bodyStart).split('\n').length;
  return { frontMatter: result.data, body: parsed.content, bodyLine };
}
