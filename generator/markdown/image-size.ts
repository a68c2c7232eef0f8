/**
 * An image's intrinsic size from its header bytes, for the `width`/`height` attributes that
 * keep the page from shifting while it loads. PNG, GIF, JPEG, WebP and SVG (its width/height,
 * else its viewBox); undefined for anything else or a file it cannot read.
 */
export interface ImageSize {
  width: number;
  height: number;
}

function png(b: Buffer): ImageSize | undefined {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageSize | undefined {
  if (b.length < 10 || !/^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return undefined;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** JPEG: the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) holds the size. */
function jpeg(b: Buffer): ImageSize | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
    }
    at += 2 + b.readUInt16BE(at + 2);
  }
  return undefined;
}

function webp(b: Buffer): ImageSize | undefined {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return undefined;
}

/** SVG: absolute width and height on the root element (px or unitless), else the viewBox's. */
function svg(b: Buffer): ImageSize | undefined {
  const root = /<svg\b[^>]*>/i.exec(b.toString('utf8', 0, Math.min(b.length, 4096)))?.[0];
  if (!root) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(?:px)?\\s*["']`).exec(root)?.[1];
  const [w, h] = [attr('width'), attr('height')].map(Number);
  if (w > 0 && h > 0) return { width: Math.round(w), height: Math.round(h) };
  const box = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/.exec(root);
  if (!box) return undefined;
  return { width: Math.round(Number(box[1])), height: Math.round(Number(box[2])) };
}

export function imageSize(bytes: Buffer): ImageSize | undefined {
  const size = png(bytes) ?? gif(bytes) ?? jpeg(bytes) ?? webp(bytes) ?? svg(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
