import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localSettings } from "../../tests/support/auth";
import { setAuthSettings } from "./auth/auth.server";
import { readFlash, setFlash } from "./flash.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

describe("flash messages", () => {
  it("ignore a tampered cookie", async () => {
    const { flash } = await readFlash(new Request("http://localhost:3000/", { headers: { Cookie: "toolnest_flash=eyJtZXNzYWdlIjoiaGkifQ%3D%3D.forged" } }));
    expect(flash).toBeNull();
  });

  it("read back what setFlash signed, with the Set-Cookie value that clears it", async () => {
    const cookie = (await setFlash({ kind: "error", message: "Nope" })).split(";")[0]!;
    const { flash, clear } = await readFlash(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
    expect(flash).toMatchObject({ kind: "error", message: "Nope" });
    expect(clear).toMatch(/^toolnest_flash=; .*Max-Age=0/);
  });
});
