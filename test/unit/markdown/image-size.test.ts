import { describe, expect, it } from 'vitest';
import { imageSize } from '../../../generator/markdown/image-size.ts';
import { withImageSizes } from '../../../generator/markdown/images.ts';
import type { Asset } from '../../../generator/model.ts';

function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(b);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc2, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

describe('image sizes from header bytes', () => {
  it('reads PNG, GIF, JPEG (after other segments), WebP and SVG', () => {
    expect(imageSize(png(640, 480))).toEqual({ width: 640, height: 480 });
    const gif = Buffer.from('GIF89a\x20\x03\x58\x02\0\0', 'latin1');
    expect(imageSize(gif)).toEqual({ width: 800, height: 600 });
    expect(imageSize(jpeg(1024, 300))).toEqual({ width: 1024, height: 300 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(1199, 24, 3);
    webp.writeUIntLE(629, 27, 3);
    expect(imageSize(webp)).toEqual({ width: 1200, height: 630 });
    expect(imageSize(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="120px" height="40">'))).toEqual({ width: 120, height: 40 });
    expect(imageSize(Buffer.from('<svg viewBox="0 0 300.4 150" width="100%">'))).toEqual({ width: 300, height: 150 });
  });

  it('gives nothing for what it cannot read', () => {
    expect(imageSize(Buffer.from('not an image'))).toBeUndefined();
    expect(imageSize(png(0, 10))).toBeUndefined();
    expect(imageSize(Buffer.from('<svg width="100%" height="50%">'))).toBeUndefined();
  });

  it('adds width and height to content images, leaving others and unreadable ones', () => {
    const assets: Record<string, Asset> = { 'a.png': { source: 'a.png', url: '/a.png', bytes: png(10, 20) }, 'b.txt': { source: 'b.txt', url: '/b', bytes: Buffer.from('x') } };
    const html = '<img src="docgen-asset:a.png" alt="A"><img src="docgen-asset:b.txt" alt=""><img src="https://x.example/c.png" alt="">';
    expect(withImageSizes(html, (t) => assets[t])).toBe('<img src="docgen-asset:a.png" width="10" height="20" alt="A"><img src="docgen-asset:b.txt" alt=""><img src="https://x.example/c.png" alt="">');
  });
});
