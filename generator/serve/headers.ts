/** One block of a `_headers` file: the paths it applies to and the headers it adds. */
export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

/** A `_headers` path: `*` matches anything (slashes included), `:name` one segment. */
function pathPattern(path: string): RegExp {
  const parts = path.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+'));
  return new RegExp(`^${parts.join('.*')}$`);
}

/**
 * `_headers` as Netlify and Cloudflare Pages read it (the headers stage writes it): a path on
 * its own line, then its headers indented as `Name: value`; `#` starts a comment.
 */
export function parseHeaderRules(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: pathPattern(line.trim()), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0 && rules.length > 0) rules[rules.length - 1].headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers for a request path: every matching block's, a later block's value replacing an earlier one. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) if (rule.pattern.test(pathname)) for (const [name, value] of rule.headers) out[name.toLowerCase()] = value;
  return out;
}
