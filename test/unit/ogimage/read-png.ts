import { crc32, inflateSync } from 'node:zlib';

/** An 8-bit indexed PNG read strictly: signature, every chunk's CRC, the zlib checksum, the row filters. */
export interface IndexedPng {
  width: number;
  height: number;
  palette: Buffer;
  /** Palette index of each pixel, row by row. */
  pixels: Buffer;
}

export function readIndexedPng(png: Buffer): IndexedPng {
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error('not a PNG signature');
  const chunks = new Map<string, Buffer[]>();
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if ((crc32(png.subarray(at + 4, at + 8 + length)) >>> 0) !== png.readUInt32BE(at + 8 + length)) throw new Error(`bad CRC in ${type}`);
    chunks.set(type, [...(chunks.get(type) ?? []), data]);
    at += 12 + length;
  }
  const header = chunks.get('IHDR')![0];
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  if (header[8] !== 8 || header[9] !== 3) throw new Error('not 8-bit indexed');
  if (!chunks.has('IEND')) throw new Error('no IEND');
  const rows = inflateSync(Buffer.concat(chunks.get('IDAT')!));
  if (rows.length !== height * (width + 1)) throw new Error(`${rows.length} bytes of rows, expected ${height * (width + 1)}`);
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    if (rows[y * (width + 1)] !== 0) throw new Error(`row ${y} has filter ${rows[y * (width + 1)]}`);
    rows.copy(pixels, y * width, y * (width + 1) + 1, (y + 1) * (width + 1));
  }
  return { width, height, palette: chunks.get('PLTE')![0], pixels };
}

/** How many pixels of the rows [from, to) are drawn in exactly this `#rrggbb` colour. */
export function countColour(png: IndexedPng, hex: string, from = 0, to = png.height): number {
  const wanted = parseInt(hex.slice(1), 16);
  const entries = new Set<number>();
  for (let k = 0; k < png.palette.length / 3; k++) if (png.palette.readUIntBE(k * 3, 3) === wanted) entries.add(k);
  let count = 0;
  for (let i = from * png.width; i < to * png.width; i++) if (entries.has(png.pixels[i])) count++;
  return count;
}
