/**
 * Gzip for rendered pages (decision 056). A cached page is sent to many visitors, each with its
 * own CSP nonce at a few offsets in the body (server/security-headers.ts), so it cannot be
 * compressed once as a whole. It is compressed once in pieces instead: the text between the
 * nonces as raw deflate flushed to a byte boundary, each nonce as a stored (uncompressed) block of
 * its own, and a gzip header and trailer around them. That makes one gzip member in which each
 * nonce, and the trailer's CRC-32, stand at fixed offsets: a copy is sent with its own nonce by
 * writing those bytes (NonceCopies), and the CRC is worked out from the nonce alone (nonceCrc).
 */
import zlib from "node:zlib";
import { acceptsEncoding } from "./precompress";
import { NonceCopies } from "./page-cache";
import { NONCE_LENGTH } from "./security-headers";

interface GzipPage {
  /** The gzip member, with the nonce the page was rendered with. */
  bytes: Buffer;
  /** Where the nonce stands in bytes (inside its stored blocks). */
  nonceAt: number[];
  /** The CRC-32 of the uncompressed page with another nonce (base64, so one byte a character) in place. */
  crc: (nonce: string) => number;
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A stored deflate block (not the last) holding `bytes` as they are. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0; // BFINAL 0, BTYPE 00 (stored), padded to the byte
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** Compresses `body` around the nonce at each offset (each `nonceLength` bytes long, all the same nonce). */
function gzipPage(body: Buffer, offsets: readonly number[], nonceLength: number, level = 6): GzipPage {
  const parts: Buffer[] = [HEADER];
  const nonceAt: number[] = [];
  let size = HEADER.length;
  let from = 0;
  for (const at of offsets) {
    const piece = zlib.deflateRawSync(body.subarray(from, at), { level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    const stored = storedBlock(body.subarray(at, at + nonceLength));
    parts.push(piece, stored);
    nonceAt.push(size + piece.length + 5);
    size += piece.length + stored.length;
    from = at + nonceLength;
  }
  parts.push(zlib.deflateRawSync(body.subarray(from), { level }));
  const base = zlib.crc32(body) >>> 0;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(base, 0);
  trailer.writeUInt32LE(body.length >>> 0, 4);
  parts.push(trailer);
  // The CRC's tables are made when a copy first needs them: a page rendered for one response never does.
  let crc: GzipPage["crc"] | undefined;
  return { bytes: Buffer.concat(parts), nonceAt, crc: (nonce) => (crc ??= nonceCrc(body, offsets, nonceLength, base))(nonce) };
}

/** Copies of the page's gzip member to send, each with its own nonce and the CRC-32 that goes with it. */
export function gzipCopies(body: Buffer, offsets: readonly number[]): NonceCopies {
  const page = gzipPage(body, offsets, NONCE_LENGTH);
  return new NonceCopies(page.bytes, page.nonceAt, (copy, nonce) => copy.writeUInt32LE(page.crc(nonce), copy.length - 8));
}

/**
 * The CRC-32 of `body` with another nonce in the place of the one at `offsets`, without reading
 * the body again (it cost ~10 µs per 40 KB page, a fifth of a cached hit). CRC-32 is linear: for
 * two messages of one length, crc(a) ^ crc(b) is the raw CRC (no pre- and post-inversion) of
 * a ^ b. Here a ^ b is the two nonces' XOR at each offset and zeros elsewhere, whose raw CRC is
 * the nonces' XOR's raw CRC carried through the zero bytes after each offset: a linear map of 32
 * bits, the same for every copy, kept as four tables of 256 (one per byte of the input).
 */
export function nonceCrc(body: Buffer, offsets: readonly number[], nonceLength: number, base = zlib.crc32(body) >>> 0): (nonce: string) => number {
  if (offsets.length === 0) return () => base;
  const original = Buffer.from(body.subarray(offsets[0]!, offsets[0]! + nonceLength));
  // Zero bytes after each nonce, from the last nonce to the first.
  const after = offsets.map((at) => body.length - at - nonceLength).reverse();
  const zeros = Buffer.alloc(after[after.length - 1]!);
  // Carrying a raw CRC state s through n zero bytes: zlib's crc32 inverts before and after.
  // (zlib answers 0 for no bytes at all, whatever the starting value.)
  const carry = (s: number, n: number) => (n === 0 ? s : ~zlib.crc32(zeros.subarray(0, n), ~s >>> 0) >>> 0);
  // The map's value for each single bit: the sum of that bit carried past every nonce.
  const columns: number[] = [];
  for (let bit = 0; bit < 32; bit++) {
    let state = (1 << bit) >>> 0;
    let sum = 0;
    let done = 0;
    for (const n of after) {
      state = carry(state, n - done);
      done = n;
      sum ^= state;
    }
    columns.push(sum >>> 0);
  }
  const tables = [0, 1, 2, 3].map((byte) => {
    const table = new Uint32Array(256);
    for (let value = 1; value < 256; value++) {
      const low = 31 - Math.clz32(value & -value); // its lowest set bit
      table[value] = table[value & (value - 1)]! ^ columns[byte * 8 + low]!;
    }
    return table;
  });
  const difference = Buffer.alloc(nonceLength);
  return (nonce) => {
    for (let i = 0; i < nonceLength; i++) difference[i] = (nonce.charCodeAt(i) & 0xff) ^ original[i]!;
    // The raw CRC of the XOR: zlib's crc32 started from ~0 leaves the state uninverted but for the end.
    const raw = ~zlib.crc32(difference, 0xffffffff) >>> 0;
    const mapped = tables[0]![raw & 0xff]! ^ tables[1]![(raw >>> 8) & 0xff]! ^ tables[2]![(raw >>> 16) & 0xff]! ^ tables[3]![raw >>> 24]!;
    return (base ^ mapped) >>> 0;
  };
}

/** Whether the request's Accept-Encoding allows gzip (q=0 refuses it; * counts). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  return acceptsEncoding(acceptEncoding, "gzip");
}
