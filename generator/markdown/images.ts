import type { Asset } from '../model.ts';
import { imageSize, type ImageSize } from './image-size.ts';
import { ASSET_LINK } from './job.ts';

/** Sizes read from published images' bytes, once per asset (an edited image is a new Asset). */
const sizes = new WeakMap<Asset, ImageSize | null>();

function sizeOf(asset: Asset): ImageSize | undefined {
  let size = sizes.get(asset);
  if (size === undefined) sizes.set(asset, (size = imageSize(asset.bytes) ?? null));
  return size ?? undefined;
}

const ASSET_IMG = new RegExp(`<img src="${ASSET_LINK}([^"#]*)"`, 'g');

/**
 * Gives the images of a page published from the content their intrinsic `width` and `height`,
 * so the browser reserves their room before they load; done when placeholders are resolved
 * (after the cache), so an edited image never leaves a stale size in a cached page.
 */
export function withImageSizes(html: string, assetOf: (target: string) => Asset | undefined): string {
  return html.replace(ASSET_IMG, (tag, target: string) => {
    const asset = assetOf(target);
    const size = asset && sizeOf(asset);
    return size ? `${tag} width="${size.width}" height="${size.height}"` : tag;
  });
}
