/**
 * Build-time compression of the client build (decision 053): a brotli (best quality) and a gzip
 * (level 9) copy beside every text file, which server/static-files.ts sends as they are. Kept
 * apart from the server module so vite.config.ts can import the plugin without Express.
 */
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";

/** Extensions worth compressing: text. Images (png, webp) and fonts (woff2) are compressed already. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".webmanifest", ".txt", ".xml", ".html", ".map"]);
/** Below this a compressed body saves less than the headers it costs. */
export const MIN_COMPRESS_BYTES = 1024;
export const COMPRESSED_SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/**
 * Whether an Accept-Encoding header allows `encoding`: named, or covered by `*`; q=0 refuses it.
 * The one reading of the header, for static files (static-files.ts) and pages (html-gzip.ts).
 */
export function acceptsEncoding(acceptEncoding: string | string[] | undefined, encoding: Encoding): boolean {
  if (!acceptEncoding) return false;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name === "x-gzip" ? "gzip" : name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return (accepted.get(encoding) ?? accepted.get("*") ?? 0) > 0;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.has(path.extname(file).toLowerCase());
}

/** Compresses at build time: brotli at its best quality and gzip at level 9, beside each text file. */
export async function precompressDirectory(directory: string): Promise<number> {
  const files = fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isCompressible(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  // zlib runs on libuv's thread pool: all files at once keep its threads busy.
  const done = await Promise.all(files.map(precompressFile));
  return done.filter(Boolean).length;
}

async function precompressFile(file: string): Promise<boolean> {
  const body = await fs.promises.readFile(file);
  if (body.byteLength < MIN_COMPRESS_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    gzip(body, { level: 9 }),
  ]);
  // A copy no smaller than the file would only cost a decompression.
  if (br.byteLength < body.byteLength) await fs.promises.writeFile(file + COMPRESSED_SUFFIX.br, br);
  if (gz.byteLength < body.byteLength) await fs.promises.writeFile(file + COMPRESSED_SUFFIX.gzip, gz);
  return true;
}

/** Vite plugin: precompresses the client build once it is written (vite.config.ts `plugins`). */
export function precompressPlugin() {
  let outDir = "";
  let ssr = false;
  return {
    name: "toolnest-precompress",
    apply: "build" as const,
    configResolved(config: { build: { outDir: string; ssr: unknown } }) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!ssr && outDir) await precompressDirectory(outDir);
    },
  };
}
