/**
 * Where the diagram runtime (mermaid's own browser build, published as it ships) lies in the
 * site, below the base URL: named by mermaid's version, so a new version is a new path and
 * long-lived caching of the old one does no harm.
 */
export function mermaidFolder(version: string): string {
  return `assets/mermaid/${version}/`;
}

/** The module the theme imports, inside `mermaidFolder`. */
export const MERMAID_ENTRY = 'mermaid.esm.min.mjs';
