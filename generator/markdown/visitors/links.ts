import type { Definition, Image, ImageReference, Link, LinkReference, Root } from 'mdast';
import { walk } from '../walk.ts';
import { dangerousScheme } from '../safety.ts';
import { ASSET_LINK } from '../job.ts';
import { isRelative, resolveRelative, type PageWalk, type Visitor } from './context.ts';

/** A link or image published without its URL (the text or alt stays): a dangerous URL is not written. */
function withoutUrl(node: Link | Image | LinkReference | ImageReference, property: 'href' | 'src'): void {
  node.data = { ...node.data, hProperties: { ...node.data?.hProperties, [property]: undefined } };
}

/** Links and link definitions are recorded for the link check; a dangerous one loses its URL. */
export const visitLink: Visitor<Link | Definition> = (node, _index, _parent, page) => {
  const url = page.link(node, node.url);
  if (url !== undefined) node.url = url;
  else if (node.type === 'link') withoutUrl(node, 'href');
  else {
    page.unsafeDefinitions.add(node.identifier);
    node.url = '';
  }
};

/** Images are checked like links; a relative one is published as an asset (its link is rewritten then). */
export const visitImage: Visitor<Image> = (img, _index, _parent, page) => {
  const scheme = dangerousScheme(img.url, true);
  if (scheme) {
    page.dangerous(img.url, scheme, page.where(img));
    withoutUrl(img, 'src');
    return;
  }
  page.out.links.push({ url: img.url, ...page.where(img) });
  if (isRelative(img.url)) img.url = ASSET_LINK + resolveRelative(page.input.source, img.url);
};

/** After the walk, once every definition is known: references to a dangerous one get no URL. */
export function dropUnsafeReferences(tree: Root, page: PageWalk): void {
  if (!page.unsafeDefinitions.size) return;
  walk(tree, ['linkReference', 'imageReference'], (ref) => {
    const r = ref as LinkReference | ImageReference;
    if (page.unsafeDefinitions.has(r.identifier)) withoutUrl(r, r.type === 'linkReference' ? 'href' : 'src');
  });
}
