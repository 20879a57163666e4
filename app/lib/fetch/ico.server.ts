/**
 * favicon.ico support. sharp (libvips) reads neither ICO nor BMP, so this picks the largest image
 * of the icon's directory and answers either its embedded PNG (handed to sharp, which checks it
 * like any other image) or its BMP pixels decoded here to raw RGBA. Every offset and size is
 * checked against the buffer; anything unexpected answers null (the caller falls back).
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_ENTRIES = 64;

export type IcoImage = { kind: "png"; data: Buffer } | { kind: "raw"; data: Buffer; width: number; height: number };

/** Whether the bytes start like an icon file (reserved 0, type 1, at least one entry). */
export function looksLikeIco(bytes: Buffer): boolean {
  return bytes.length >= 22 && bytes.readUInt16LE(0) === 0 && bytes.readUInt16LE(2) === 1 && bytes.readUInt16LE(4) > 0;
}

export function largestIcoImage(bytes: Buffer): IcoImage | null {
  if (!looksLikeIco(bytes)) return null;
  const count = Math.min(bytes.readUInt16LE(4), MAX_ENTRIES);
  let best: { area: number; bits: number; data: Buffer } | null = null;
  for (let index = 0; index < count; index++) {
    const entry = 6 + index * 16;
    if (entry + 16 > bytes.length) break;
    const width = bytes.readUInt8(entry) || 256;
    const height = bytes.readUInt8(entry + 1) || 256;
    const bits = bytes.readUInt16LE(entry + 6);
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    if (size === 0 || offset + size > bytes.length) continue;
    const area = width * height;
    if (!best || area > best.area || (area === best.area && bits > best.bits)) {
      best = { area, bits, data: bytes.subarray(offset, offset + size) };
    }
  }
  if (!best) return null;
  if (best.data.subarray(0, 8).equals(PNG_SIGNATURE)) return { kind: "png", data: best.data };
  return decodeDib(best.data);
}

/** A BITMAPINFOHEADER image as stored in icons: bottom-up rows, height doubled, then an AND mask. */
function decodeDib(dib: Buffer): IcoImage | null {
  if (dib.length < 40) return null;
  const headerSize = dib.readUInt32LE(0);
  const width = dib.readInt32LE(4);
  const height = dib.readInt32LE(8) / 2;
  const bits = dib.readUInt16LE(14);
  const compression = dib.readUInt32LE(16);
  const colorsUsed = dib.readUInt32LE(32);
  if (headerSize < 40 || headerSize > dib.length || compression !== 0) return null;
  if (!Number.isInteger(height) || width < 1 || height < 1 || width > 256 || height > 256) return null;
  if (![1, 4, 8, 24, 32].includes(bits)) return null;

  const paletteSize = bits <= 8 ? colorsUsed || 2 ** bits : 0;
  if (paletteSize > 256) return null;
  const paletteStart = headerSize;
  const pixelStart = paletteStart + paletteSize * 4;
  const stride = Math.floor((width * bits + 31) / 32) * 4;
  const maskStart = pixelStart + stride * height;
  const maskStride = Math.floor((width + 31) / 32) * 4;
  if (maskStart > dib.length) return null;
  const hasMask = maskStart + maskStride * height <= dib.length;

  const rgba = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixelStart + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const [b, g, r, a] = pixelAt(dib, row, x, bits, paletteStart, paletteSize);
      const out = (y * width + x) * 4;
      rgba[out] = r;
      rgba[out + 1] = g;
      rgba[out + 2] = b;
      rgba[out + 3] = a;
      if (a !== 0) anyAlpha = true;
    }
  }
  // Only 32-bit pixels carry their own alpha; otherwise (or when it is all zero) the mask decides.
  if (bits !== 32 || !anyAlpha) applyMask(rgba, dib, { width, height, maskStart, maskStride, hasMask });
  return { kind: "raw", data: rgba, width, height };
}

function pixelAt(dib: Buffer, row: number, x: number, bits: number, paletteStart: number, paletteSize: number): [number, number, number, number] {
  if (bits === 32) return [dib[row + x * 4]!, dib[row + x * 4 + 1]!, dib[row + x * 4 + 2]!, dib[row + x * 4 + 3]!];
  if (bits === 24) return [dib[row + x * 3]!, dib[row + x * 3 + 1]!, dib[row + x * 3 + 2]!, 255];
  const perByte = 8 / bits;
  const byte = dib[row + Math.floor(x / perByte)]!;
  const shift = 8 - bits * ((x % perByte) + 1);
  const index = (byte >> shift) & ((1 << bits) - 1);
  if (index >= paletteSize) return [0, 0, 0, 0];
  const color = paletteStart + index * 4;
  return [dib[color]!, dib[color + 1]!, dib[color + 2]!, 255];
}

function applyMask(
  rgba: Buffer,
  dib: Buffer,
  { width, height, maskStart, maskStride, hasMask }: { width: number; height: number; maskStart: number; maskStride: number; hasMask: boolean },
): void {
  for (let y = 0; y < height; y++) {
    const row = maskStart + (height - 1 - y) * maskStride;
    for (let x = 0; x < width; x++) {
      const transparent = hasMask && ((dib[row + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1;
      rgba[(y * width + x) * 4 + 3] = transparent ? 0 : 255;
    }
  }
}
