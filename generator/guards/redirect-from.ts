import { keyLine } from '../content/frontmatter.ts';
import { unsafePathProblem } from '../routes/safe.ts';
import type { Diagnostic } from '../errors.ts';
import type { Doc, Redirect } from '../model.ts';
import { isPlainPath } from '../redirects/read.ts';

export interface FrontMatterRedirects {
  redirects: Redirect[];
  diagnostics: Diagnostic[];
}

/**
 * A doc's `redirect_from:` (its old routes) as redirects to it, placed at the key's line so a
 * conflict with redirects.json or another page is reported where it was written. A path that
 * could not be a redirect of redirects.json either is an error at the same line.
 */
export function frontMatterRedirects(docs: Doc[]): FrontMatterRedirects {
  const redirects: Redirect[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const doc of docs) {
    const from = doc.frontMatter.redirect_from;
    if (!from?.length) continue;
    const line = keyLine(doc.raw, 'redirect_from') ?? 1;
    for (const old of from) {
      const why = !isPlainPath(old) ? 'is not a site path (it must start with "/" and hold only URL path characters, without a query or #fragment)' : /[?#:*]/.test(old) ? 'cannot be a pattern, a query or a #fragment' : unsafePathProblem(old);
      if (why) diagnostics.push({ severity: 'error', kind: 'broken redirect', message: `redirect_from ${JSON.stringify(old)} ${why}`, location: { file: doc.source, line, column: 1 }, hint: 'list the old routes of this page, e.g. redirect_from: [/docs/old-name]' });
      else redirects.push({ from: old, to: doc.route, line, file: doc.source });
    }
  }
  return { redirects, diagnostics };
}
