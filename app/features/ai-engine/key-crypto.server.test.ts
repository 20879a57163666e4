import { describe, expect, it } from "vitest";
import { lastFour, openKey, sealKey } from "./key-crypto.server";

const SECRET = "a-secret-of-at-least-thirty-two-characters-1";
const KEY = "sk-test-0123456789abcdefWXYZ";

describe("the provider key at rest", () => {
  it("seals with AES-256-GCM under the auth secret and opens back", () => {
    const sealed = sealKey(KEY, SECRET);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(KEY);
    expect(sealed).not.toContain("0123456789");
    expect(openKey(sealed, SECRET)).toBe(KEY);
  });

  it("uses a fresh IV each time, so the same key never seals the same way twice", () => {
    expect(sealKey(KEY, SECRET)).not.toBe(sealKey(KEY, SECRET));
  });

  it("cannot be opened with another secret, nor after tampering", () => {
    const sealed = sealKey(KEY, SECRET);
    expect(openKey(sealed, `${SECRET}-other`)).toBeNull();
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = body!.startsWith("A") ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(openKey([v, iv, tag, flipped].join("."), SECRET)).toBeNull();
    expect(openKey("sk-plain-text-key", SECRET)).toBeNull();
  });

  it("shows only the last four characters", () => {
    expect(lastFour(KEY)).toBe("WXYZ");
  });
});
