import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { buildVersion } from "./build-version.server";
import { webManifest } from "./pwa";
import { serviceWorkerSource } from "./service-worker-source.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-sw-build-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function fakeBuild(name: string, assets: string[]): string {
  const dir = path.join(root, name);
  fs.mkdirSync(path.join(dir, "server"), { recursive: true });
  fs.mkdirSync(path.join(dir, "client/assets"), { recursive: true });
  for (const asset of assets) fs.writeFileSync(path.join(dir, "client/assets", asset), "");
  return pathToFileURL(path.join(dir, "server/index.js")).href;
}

describe("the service worker script", () => {
  it("changes when the client build changes, so browsers see a new version", () => {
    const first = buildVersion(fakeBuild("one", ["entry.client-AAAA.js", "root-BBBB.css"]));
    const same = buildVersion(fakeBuild("two", ["root-BBBB.css", "entry.client-AAAA.js"]));
    const changed = buildVersion(fakeBuild("three", ["entry.client-CCCC.js", "root-BBBB.css"]));
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(same).toBe(first);
    expect(changed).not.toBe(first);
    expect(serviceWorkerSource(first)).not.toBe(serviceWorkerSource(changed));
    expect(buildVersion(pathToFileURL(path.join(root, "nowhere/server/index.js")).href)).toBe("development");
  });

  it("is valid JavaScript and carries only a safe version string", () => {
    const source = serviceWorkerSource('abc"; alert(1); //');
    expect(() => new Function(source)).not.toThrow();
    expect(source).toContain('const VERSION = "abcalert1";');
  });
});

describe("the web manifest", () => {
  it("names the site from configuration", () => {
    expect(webManifest("Tool Finder Directory")).toMatchObject({ name: "Tool Finder Directory", short_name: "Tool Finder", start_url: "/", display: "standalone" });
  });
});
