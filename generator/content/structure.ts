import type { Doc } from '../model.ts';

/**
 * Everything of a doc but its Markdown, as one string: what its page depends on besides the
 * rendered body (the page key), and what an edit must leave alone to change that page only.
 */
export function docStructure(doc: Doc): string {
  const { body: _body, raw: _raw, ...rest } = doc;
  return JSON.stringify(rest);
}
