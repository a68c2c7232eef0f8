/*
 * The contract between docgen and a site's components (content/components/<name>.tsx): what
 * they import as `docgen`, on the server (through generator/public.ts) and in the browser. A component module exports:
 * - default: the React component, rendered on the server with ComponentProps;
 * - schema (optional): a zod schema of the directive's attributes; what it gives are the props;
 * - interactive (optional): true to hydrate it in the browser as an island;
 * - parts (optional): the child directives it lays out itself (tabs → tab);
 * - links (optional): the props that are URLs, checked and resolved like Markdown links.
 * `Node` is what rendered Markdown is (React's ReactNode, named by the side that has React):
 * common/ imports no package.
 */

/** A child directive a component lays out itself (`:::tab` in `:::tabs`). */
export interface ComponentPart<Node = unknown> {
  /** Its attributes (URLs among `parts.links` resolved). */
  props: Record<string, string>;
  /** Its `[label]`, as text. */
  label?: string;
  /** Its Markdown body, rendered. */
  children: Node;
}

/** What every component receives besides its own props. */
export interface ComponentProps<Node = unknown> {
  /** The Markdown inside it (its body, or a leaf's or text directive's `[label]`), rendered. */
  children?: Node;
  /** The `[label]` as text, when written. */
  label?: string;
  /** Its parts, in order (only with `parts`). */
  parts?: ComponentPart<Node>[];
  /** Its number among this component's uses on the page, from 1: for ids (prefix them with the component's name). */
  uid: number;
  /** What the site's config says that components commonly need. */
  site: { apiBaseUrl: string; badges: { label: string; tooltip?: string }[] };
}

/** What `parts` declares. */
export interface PartsDeclaration {
  /** The child directive's name (`tab`). */
  name: string;
  /** Its body's paragraphs unwrapped, for a part shown inline (inside a link, say). */
  inline?: boolean;
  /** Its attributes that are URLs. */
  links?: string[];
  /** Its attributes that must be given. */
  required?: string[];
}
