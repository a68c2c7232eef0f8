import type { Diagnostic } from '../errors.ts';

/** `broken link` → `broken links`; `link to redirect` → `links to redirects`. */
function plural(kind: string): string {
  const [head, tail] = kind.split(' to ');
  return tail === undefined ? `${kind}s` : `${head}s to ${tail}s`;
}

/** `2 broken links, 1 broken anchor`: the report's closing count per class. */
export function summarize(diagnostics: Diagnostic[]): string {
  const counts = new Map<string, number>();
  for (const d of diagnostics) counts.set(d.kind, (counts.get(d.kind) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${n} ${n === 1 ? kind : plural(kind)}`)
    .join(', ');
}
