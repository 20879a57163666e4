/**
 * Gzip for rendered pages (decision 056). A cached page is sent to many visitors, each with its
 * own CSP nonce at a few offsets in the body (server/security-headers.ts), so it cannot be
 * compressed once as a whole. It is compressed once in pieces instead: the text between the
 * nonces as raw deflate flushed to a byte boundary, each nonce as a stored (uncompressed) block of
 * its own, written per response, and a gzip header and trailer around them. Only the trailer's
 * CRC-32 is computed per response; the pieces are kept with the page.
 */
import zlib from "node:zlib";
import { acceptsEncoding } from "./precompress";

export interface GzipParts {
  /** Compressed text between the nonces: one more than there are nonces. */
  pieces: Buffer[];
  nonceLength: number;
  /** The uncompressed body, for the CRC-32 of each copy. */
  body: Buffer;
  offsets: readonly number[];
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** Compresses `body` around the nonce at each offset (each `nonceLength` bytes long). */
export function gzipParts(body: Buffer, offsets: readonly number[], nonceLength: number, level = 6): GzipParts {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of offsets) {
    pieces.push(zlib.deflateRawSync(body.subarray(from, at), { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    from = at + nonceLength;
  }
  pieces.push(zlib.deflateRawSync(body.subarray(from), { level }));
  return { pieces, nonceLength, body, offsets };
}

/** A stored deflate block (not the last) holding `bytes` as they are. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0; // BFINAL 0, BTYPE 00 (stored), padded to the byte
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The gzip member of the page with `nonce` in place, as buffers to write in order. */
export function gzipWithNonce(parts: GzipParts, nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce, "latin1");
  if (parts.offsets.length && nonceBytes.length !== parts.nonceLength) throw new Error("nonce length differs from the one compressed around");
  const out: Buffer[] = [HEADER];
  let crc = 0;
  let from = 0;
  parts.offsets.forEach((at, i) => {
    crc = zlib.crc32(parts.body.subarray(from, at), crc);
    crc = zlib.crc32(nonceBytes, crc);
    out.push(parts.pieces[i]!, storedBlock(nonceBytes));
    from = at + parts.nonceLength;
  });
  crc = zlib.crc32(parts.body.subarray(from), crc);
  out.push(parts.pieces[parts.pieces.length - 1]!);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(parts.body.length >>> 0, 4);
  out.push(trailer);
  return out;
}

/** Whether the request's Accept-Encoding allows gzip (q=0 refuses it; * counts). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  return acceptsEncoding(acceptEncoding, "gzip");
}
