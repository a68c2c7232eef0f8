import type { Nodes, Root } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import type { Processor } from 'unified';

type Transform = (tree: Root) => Root | undefined | void;
type Extension = { transforms?: Transform[] } | Extension[];

/** What every literal autolink GFM finds in text holds: a URL's scheme, `www.`, or an e-mail's `@`. */
const CANDIDATE = /@|www\.|https?:\/\//i;

/** Whether any text of the tree could hold a literal autolink. */
export function mayHaveLiteralLinks(node: Nodes): boolean {
  if (node.type === 'text') return CANDIDATE.test(node.value);
  if (!('children' in node)) return false;
  for (const child of node.children) if (mayHaveLiteralLinks(child)) return true;
  return false;
}

// The transform GFM runs after parsing: a walk of the whole tree with a pattern per text.
const literalLinks = gfmAutolinkLiteralFromMarkdown().transforms?.[0] as Transform;

/** GFM's autolink pass, skipped for a tree no text of which could hold a link (most docs' prose links are written as Markdown links). */
function guarded(tree: Root): Root | undefined | void {
  return mayHaveLiteralLinks(tree) ? literalLinks(tree) : undefined;
}

function replaceIn(extensions: Extension[]): Extension[] {
  return extensions.map((ext) => {
    if (Array.isArray(ext)) return replaceIn(ext);
    const transforms = ext.transforms?.map((t) => (t === literalLinks ? guarded : t));
    return transforms ? { ...ext, transforms } : ext;
  });
}

/**
 * A plugin used after remark-gfm (or `remarkGfmGated`): the same parse, with GFM's literal-autolink
 * pass run only on trees where it could find something. The tree is the same either way.
 */
export function remarkCheapAutolinks(this: Processor): void {
  const data = this.data() as { fromMarkdownExtensions?: Extension[] };
  if (data.fromMarkdownExtensions) data.fromMarkdownExtensions = replaceIn(data.fromMarkdownExtensions);
}
