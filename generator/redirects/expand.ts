import type { ProblemKind } from '../../common/diagnostics.ts';
import { normalizeRoute } from '../content/routes.ts';
import type { Diagnostic } from '../errors.ts';
import type { Redirect } from '../model.ts';
import { expandPattern, fromRegex, isPattern } from './patterns.ts';
import { REDIRECTS_FILE } from './read.ts';

export interface ExpandedRedirects {
  /** The plain redirects, and one per page each pattern matches (carrying its `rule`). */
  redirects: Redirect[];
  diagnostics: Diagnostic[];
}

/**
 * Pattern redirects (`/concepts/:slug` → `/docs/concepts/:slug`) become one redirect per page
 * their `to` matches, so each old path gets its stub page like any other redirect. A plain
 * entry for the same old path wins over an expansion. A pattern matching a page of the site
 * (hosts would redirect the page away) or no page at all is an error.
 */
export function expandRedirects(listed: Redirect[], pageRoutes: string[]): ExpandedRedirects {
  const pages = [...new Set(pageRoutes.map(normalizeRoute))].sort();
  const taken = new Set(listed.filter((r) => !isPattern(r.from)).map((r) => normalizeRoute(r.from)));
  const redirects: Redirect[] = [];
  const diagnostics: Diagnostic[] = [];
  const report = (r: Redirect, kind: ProblemKind, message: string, hint: string) =>
    diagnostics.push({ severity: 'error', kind, message, location: { file: r.file ?? REDIRECTS_FILE, line: r.line ?? 1, column: 1 }, hint });
  const patterns = new Map<string, Redirect>();
  for (const r of listed) {
    if (!isPattern(r.from)) {
      redirects.push(r);
      continue;
    }
    const first = patterns.get(normalizeRoute(r.from));
    if (first) {
      report(r, 'redirect conflict', `${r.from} is already redirected to ${first.to} (${first.file ? `${first.file}:` : 'line '}${first.line})`, 'keep one entry per old path');
      continue;
    }
    patterns.set(normalizeRoute(r.from), r);
    const matcher = new RegExp(fromRegex(r.from));
    const shadowed = pages.find((p) => matcher.test(p));
    if (shadowed !== undefined) {
      report(r, 'redirect conflict', `${r.from} matches ${shadowed}, a page of the site`, 'make the pattern narrower, or list its old paths one by one');
      continue;
    }
    const expansions = expandPattern(r.from, r.to, pages);
    if (expansions.length === 0) {
      report(r, 'broken redirect', `${r.from} → ${r.to}: no page matches ${r.to}`, 'point "to" at the pages the old paths moved to');
      continue;
    }
    for (const e of expansions) {
      if (taken.has(normalizeRoute(e.from))) continue;
      taken.add(normalizeRoute(e.from));
      redirects.push({ ...e, line: r.line, rule: { from: r.from, to: r.to } });
    }
  }
  return { redirects, diagnostics };
}
