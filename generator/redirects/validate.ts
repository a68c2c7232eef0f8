import type { ProblemKind } from '../../common/diagnostics.ts';
import { normalizeRoute } from '../content/routes.ts';
import type { Diagnostic } from '../errors.ts';
import { closest } from '../links/suggest.ts';
import type { Redirect, RouteTable } from '../model.ts';
import { REDIRECTS_FILE } from './read.ts';

export interface CheckedRedirects {
  /** The redirects to emit, chains collapsed to their final target. */
  redirects: Redirect[];
  diagnostics: Diagnostic[];
}

const pathOf = (url: string) => normalizeRoute(url.split('#')[0].split('?')[0] || '/');

/**
 * Every redirect must leave a path the site does not serve and land on one it does. A chain
 * (A → B → C) is collapsed to A → C with a warning; a loop is an error.
 */
export function checkRedirects(redirects: Redirect[], routes: RouteTable): CheckedRedirects {
  const pages = new Map([...routes.routes.values()].filter((r) => r.kind !== 'redirect').map((r) => [normalizeRoute(r.path), r.path]));
  const bySource = new Map<string, Redirect>();
  const diagnostics: Diagnostic[] = [];
  const report = (r: Redirect, severity: Diagnostic['severity'], kind: ProblemKind, message: string, hint?: string) =>
    diagnostics.push({ severity, kind, message, location: { file: r.file ?? REDIRECTS_FILE, line: r.line, column: 1 }, hint });
  const unique: Redirect[] = [];
  for (const r of redirects) {
    const first = bySource.get(pathOf(r.from));
    if (first) report(r, 'error', 'redirect conflict', `${r.from} is already redirected to ${first.to} (${first.file ? `${first.file}:` : 'line '}${first.line})`, 'keep one entry per old path');
    else {
      bySource.set(pathOf(r.from), r);
      unique.push(r);
    }
  }
  const kept: Redirect[] = [];
  for (const r of unique) {
    // `/a.html` and `/a/index.html` are files of page `/a` (its `.html` forms).
    if (pages.has(pathOf(r.from)) || pages.has(pathOf(r.from.replace(/(\/index)?\.html$/, '') || '/'))) {
      report(r, 'error', 'redirect conflict', `${r.from} is a page of the site`, 'remove the redirect, or the page');
      continue;
    }
    const chain = [r.from];
    let target = r;
    while (bySource.has(pathOf(target.to)) && !chain.includes(bySource.get(pathOf(target.to))!.from)) {
      chain.push(target.to);
      target = bySource.get(pathOf(target.to))!;
    }
    if (bySource.has(pathOf(target.to))) {
      report(r, 'error', 'redirect loop', `${[...chain, target.to].join(' → ')} never reaches a page`, 'point one of them at a page');
      continue;
    }
    if (!pages.has(pathOf(target.to))) {
      const near = closest(pathOf(target.to), pages.keys());
      report(r, 'error', 'broken redirect', `${r.from} → ${target.to}: no such page${near ? `; did you mean ${pages.get(near)}?` : ''}`);
      continue;
    }
    if (chain.length > 1) {
      report(r, 'warning', 'redirect chain', `${[...chain, target.to].join(' → ')} collapsed to ${r.from} → ${target.to}`, `point ${r.from} at ${target.to}`);
    }
    // Land on the page as it is served and linked (`/docs` → `/docs/`), keeping query and hash.
    kept.push({ ...r, to: pages.get(pathOf(target.to)) + target.to.slice(target.to.search(/[?#]|$/)) });
  }
  return { redirects: kept, diagnostics };
}
