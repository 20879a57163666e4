import express from "express";

/**
 * Serves DATA_DIR/uploads at /uploads (local storage only). Files get a new random name on every
 * upload and are never rewritten, so they are cached for a year; no directory listings, no dot
 * files, and nosniff so a browser never second-guesses the stored type.
 */
export function serveUploads(directory: string) {
  return express.static(directory, {
    immutable: true,
    maxAge: "1y",
    index: false,
    redirect: false,
    dotfiles: "deny",
    setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
  });
}
