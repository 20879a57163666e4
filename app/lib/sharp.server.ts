import type sharpModule from "sharp";

type SharpFactory = typeof sharpModule;
let loading: Promise<SharpFactory> | undefined;

/**
 * sharp, loaded on first use: its native library (libvips) adds about 19 MB to a server process,
 * and only avatar uploads and logo fetches need it (issue 13 asks a server process to stay under
 * 300 MB through a 100,000-row import).
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
