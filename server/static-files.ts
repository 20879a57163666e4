/**
 * The production build's static files (decision 053): hashed assets under /assets (cached for a
 * year) and the public files (favicon, icons), sent brotli- or gzip-compressed to browsers that
 * accept it. Lighthouse counted 376 KiB of uncompressed JavaScript and CSS on every page.
 *
 * A compressed copy beside the file (`x.js.br`, `x.js.gz`, written by precompressDirectory at build
 * time, best brotli quality) is sent as it is. Without one the file is compressed on its first
 * request at a fast setting (a few ms for the largest bundle) and the result kept in memory:
 * build files never change while the server runs.
 */
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import express, { type NextFunction, type Request, type Response } from "express";
import { acceptsEncoding, COMPRESSED_SUFFIX, MIN_COMPRESS_BYTES, isCompressible, type Encoding } from "./precompress";

/** The in-memory copies made on demand stop growing here (the whole build is far below it). */
const MEMORY_BUDGET_BYTES = 32 * 2 ** 20;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to send for an Accept-Encoding header: brotli, then gzip; a q=0 refuses one. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (acceptsEncoding(acceptEncoding, "br")) return "br";
  if (acceptsEncoding(acceptEncoding, "gzip")) return "gzip";
  return null;
}

interface Compressed {
  body: Buffer;
  /** The original file's size and time: its ETag and Last-Modified. */
  stat: fs.Stats;
}

/** What a file is sent as: a compressed body, as it is ("identity", too small or not smaller), or nothing (missing). */
type Lookup = Compressed | "identity" | "missing";

/**
 * Serves `root` with express.static's caching options, compressed when the browser accepts it.
 * Range requests, other files and other methods fall through to express.static.
 */
export function staticFiles(root: string, options: { maxAge: string; immutable?: boolean }) {
  const serveStatic = express.static(root, { ...options, index: false });
  const cacheControl = `public, max-age=${durationSeconds(options.maxAge)}${options.immutable ? ", immutable" : ""}`;
  const memory = new Map<string, Promise<Lookup>>();
  let memoryBytes = 0;

  async function compress(file: string, encoding: Encoding): Promise<Lookup> {
    const original = await statFile(file);
    if (!original) return "missing";
    if (original.size < MIN_COMPRESS_BYTES) return "identity";
    const copy = await statFile(file + COMPRESSED_SUFFIX[encoding]);
    if (copy && copy.mtimeMs >= original.mtimeMs) return { body: await fs.promises.readFile(file + COMPRESSED_SUFFIX[encoding]), stat: original };
    const body = await fs.promises.readFile(file);
    const packed =
      encoding === "br"
        ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
        : await gzip(body, { level: 6 });
    return packed.byteLength < body.byteLength ? { body: packed, stat: original } : "identity";
  }

  function lookup(file: string, encoding: Encoding): Promise<Lookup> {
    const key = `${encoding}:${file}`;
    const known = memory.get(key);
    if (known) return known;
    const pending = compress(file, encoding);
    if (memoryBytes >= MEMORY_BUDGET_BYTES) return pending;
    memory.set(key, pending);
    pending.then(
      (result) => {
        if (typeof result === "object") memoryBytes += result.body.byteLength;
        // A missing file is looked for again next time (a page URL with a dot reaches here too).
        else if (result === "missing") memory.delete(key);
      },
      () => memory.delete(key),
    );
    return pending;
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isCompressible(req.path)) return serveStatic(req, res, next);
    const encoding = req.headers.range ? null : chooseEncoding(req.headers["accept-encoding"]);
    const file = resolveInside(root, req.path);
    let found: Lookup = "identity";
    if (encoding && file) {
      try {
        found = await lookup(file, encoding);
      } catch (error) {
        return next(error);
      }
    }
    if (found === "missing") return serveStatic(req, res, next);
    // Shared caches must keep the compressed and the plain copy apart.
    res.vary("Accept-Encoding");
    if (found === "identity") return serveStatic(req, res, next);
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", encoding!);
    res.setHeader("Cache-Control", cacheControl);
    res.setHeader("Last-Modified", found.stat.mtime.toUTCString());
    // express.static's ETag (size and time) marked with the encoding: the bodies differ.
    res.setHeader("ETag", `W/"${found.stat.size.toString(16)}-${Math.floor(found.stat.mtimeMs).toString(16)}-${encoding}"`);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Length", found.body.byteLength);
    if (req.method === "HEAD") res.end();
    else res.end(found.body);
  };
}

/** express.static's maxAge strings ("1h", "1y") in seconds, as its `ms` parser reads them. */
export function durationSeconds(value: string): number {
  const match = /^(\d+)\s*([smhdy])$/.exec(value.trim());
  if (!match) throw new Error(`unsupported maxAge ${value}`);
  const unit = { s: 1, m: 60, h: 3600, d: 86_400, y: 31_557_600 }[match[2] as "s" | "m" | "h" | "d" | "y"];
  return Number(match[1]) * unit;
}

/** The file a URL path names inside root, or null for one outside it or hidden (express.static ignores dotfiles). */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.split("/").some((segment) => segment.startsWith("."))) return null;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}
