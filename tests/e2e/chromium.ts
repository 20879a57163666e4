import fs from "node:fs";

/** Debian's Chromium (apt-get install chromium), or CHROME_PATH. Never a downloaded browser. */
export function chromiumPath(): string {
  return process.env.CHROME_PATH || "/usr/bin/chromium";
}

export function chromiumAvailable(): boolean {
  return fs.existsSync(chromiumPath());
}

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
