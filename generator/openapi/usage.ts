import { closest } from '../links/suggest.ts';
import type { Location } from '../errors.ts';
import type { Doc } from '../model.ts';
import { OperationUseError } from './errors.ts';
import type { ApiDescription, ApiOperation } from './model.ts';

/** An operation id a page names, where it names it, and how (a directive, or a fence's meta). */
export interface NamedOperation {
  id: string;
  line: number;
  column: number;
  directive: boolean;
}

// Any indentation: fences sit in list items and directives too.
const FENCE = /^\s*(`{3,}|~{3,})(.*)$/;
const DIRECTIVE = /^(\s*)::operation\{([^}]*)\}/;
const ID_ATTR = /(?:^|\s)id=(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))/;
const META_ID = /(?:^|\s)(request|response)=([^\s:]+)/;
/**
 * Whether a doc's text may hold an `::operation` directive. Asked of every doc: V8 finds a
 * needle of a few characters faster than a long one, so the short one goes first.
 */
export function mayHaveDirective(text: string): boolean {
  return text.includes('::op') && text.includes('::operation');
}

const scanned = new WeakMap<Doc, boolean>();

/** `mayHaveDirective` of a doc's body, searched once per doc: the operations and the Markdown stages both ask it of every doc. */
export function docMayHaveDirective(doc: Doc): boolean {
  let found = scanned.get(doc);
  if (found === undefined) scanned.set(doc, (found = mayHaveDirective(doc.body)));
  return found;
}

/**
 * Whether a doc's text holds what naming an operation takes somewhere: a directive, or
 * `request=` or `response=` (DIRECTIVE, META_ID). Asked of every doc: a search for each `=`
 * is cheaper than a regular expression whose alternatives start with common letters.
 * `directive`: what `mayHaveDirective` says of the text, when already asked.
 */
export function mayNameOperation(text: string, directive = mayHaveDirective(text)): boolean {
  if (directive) return true;
  for (let i = text.indexOf('='); i !== -1; i = text.indexOf('=', i + 1)) {
    if (text.startsWith('request', i - 7) || text.startsWith('response', i - 8)) return true;
  }
  return false;
}

/**
 * The operations a doc names, found in its Markdown before it renders (so its cache key holds
 * exactly them): `::operation{id="…"}` outside code, and fences marked `request=<id>` or
 * `response=<id>:<status>`.
 */
export function namedOperations(doc: Doc): NamedOperation[] {
  const out: NamedOperation[] = [];
  // Most docs name none: one search of the text instead of a look at every line.
  if (!mayNameOperation(doc.body, docMayHaveDirective(doc))) return out;
  let fence: string | undefined;
  doc.body.split('\n').forEach((text, i) => {
    const line = doc.bodyLine + i;
    const f = FENCE.exec(text);
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length && !f[2].trim()) fence = undefined;
      return;
    }
    if (f) {
      fence = f[1];
      const meta = META_ID.exec(f[2]);
      if (meta) out.push({ id: meta[2], line, column: f.index + text.indexOf(meta[0].trim()) + 1, directive: false });
      return;
    }
    const d = DIRECTIVE.exec(text);
    const id = d && ID_ATTR.exec(d[2]);
    if (d && id) out.push({ id: id[1] ?? id[2] ?? id[3], line, column: d[1].length + 1, directive: true });
  });
  return out;
}

function unknown(named: NamedOperation, doc: Doc, api: ApiDescription | undefined): OperationUseError {
  const where: Location = { file: doc.source, line: named.line, column: named.column };
  if (!api) return new OperationUseError(`operation "${named.id}" is named, but the site has no OpenAPI description`, where, 'set "openapi" in site.config.ts to the description\'s path');
  const near = closest(named.id, api.operations.keys());
  return new OperationUseError(`no operation "${named.id}" in ${api.file}${near ? `; did you mean "${near}"?` : ''}`, where, near ? `operation ids are the description's operationId values` : `the operation may have been removed or renamed in ${api.file}: name one it describes`);
}

/**
 * The operations each doc's Markdown job receives, by doc id: those its directives name. A name
 * the description does not have, or an operation whose directives are on two pages of one docs
 * version, is an error at the page's line (the build stops before anything is written).
 */
export function operationsByDoc(docs: readonly Doc[], api: ApiDescription | undefined): Map<string, Record<string, ApiOperation>> {
  const out = new Map<string, Record<string, ApiOperation>>();
  const pageOf = new Map<string, { doc: Doc; line: number }>();
  for (const doc of docs) {
    for (const named of namedOperations(doc)) {
      const op = api?.operations.get(named.id);
      if (!op) throw unknown(named, doc, api);
      if (!named.directive) continue;
      // An older version's snapshot of the page documents it again, in its own version.
      const key = `${doc.version ?? ''}\0${op.id}`;
      const first = pageOf.get(key);
      if (first && first.doc !== doc) {
        throw new OperationUseError(`operation "${op.id}" is documented on two pages: here and ${first.doc.source}:${first.line}`, { file: doc.source, line: named.line, column: named.column }, 'render an operation on one page and link to it from the others');
      }
      pageOf.set(key, { doc, line: named.line });
      out.set(doc.id, { ...out.get(doc.id), [op.id]: op });
    }
  }
  return out;
}
