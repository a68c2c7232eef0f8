import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * An indexed-colour PNG assembled from parts: every card shares its palette and the rows above
 * and below its band, compressed once per build, so a card costs the compression of its band
 * alone. Each part is a deflate stream ended by a sync flush (byte-aligned, not final); joined,
 * they make one zlib stream whose checksum is combined from the parts' own.
 */
export interface Rows {
  deflated: Buffer;
  adler: number;
  length: number;
}

const ADLER_BASE = 65521;

/**
 * The Adler-32 of `data` read as rows of `rowLength` bytes that are zero outside [first, last]
 * of each row (first > last: all zero): zeros add nothing to one sum and the other sum once
 * per byte, so only the drawn spans are read.
 */
export function adler32Spans(data: Uint8Array, rowLength: number, first: Int32Array, last: Int32Array): number {
  let a = 1;
  let b = 0;
  for (let row = 0; row * rowLength < data.length; row++) {
    if (first[row] > last[row]) {
      b = (b + rowLength * a) % ADLER_BASE;
      continue;
    }
    b = (b + first[row] * a) % ADLER_BASE;
    for (let i = row * rowLength + first[row], end = row * rowLength + last[row]; i <= end; i++) {
      a += data[i];
      b += a;
    }
    a %= ADLER_BASE;
    b = (b + (rowLength - 1 - last[row]) * a) % ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** The checksum of two parts from theirs, the second `length` bytes long: zlib's adler32_combine. */
export function adler32Combine(first: number, second: number, length: number): number {
  const rem = length % ADLER_BASE;
  const a = ((first & 0xffff) + (second & 0xffff) + ADLER_BASE - 1) % ADLER_BASE;
  const b = (((rem * (first & 0xffff)) % ADLER_BASE) + (first >>> 16) + (second >>> 16) + ADLER_BASE - rem) % ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}

/**
 * Cards are a few flat colours in long runs: run-length matching compresses them about as well
 * as the default strategy, several times faster.
 */
export function deflateRows(rows: Buffer, adler: number): Rows {
  return { deflated: deflateRawSync(rows, { level: 6, strategy: constants.Z_RLE, finishFlush: constants.Z_SYNC_FLUSH }), adler, length: rows.length };
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, tail]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A final, empty block with fixed codes: the end of the joined deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** An 8-bit indexed PNG of `parts` in order (each row a filter byte, 0, then one palette index per pixel). */
export function indexedPng(width: number, height: number, palette: Buffer, parts: Rows[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(3, 9);
  let adler = 1;
  for (const part of parts) adler = adler32Combine(adler, part.adler, part.length);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(adler, 0);
  const zlib = Buffer.concat([Buffer.from([0x78, 0x01]), ...parts.map((p) => p.deflated), FINAL_BLOCK, check]);
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('PLTE', palette), chunk('IDAT', zlib), chunk('IEND', Buffer.alloc(0))]);
}
