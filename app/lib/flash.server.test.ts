import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAuthSettings } from "~/features/auth/auth.server";
import { devSignIn } from "~/features/auth/sign-in.server";
import { loader as rootLoader } from "~/root";
import { cookieHeader, localSettings } from "../../tests/support/auth";
import { readFlash, setFlash } from "./flash.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

type Loaded = { env: unknown; user: { email: string; username: string | null } | null; flash: { message: string } | null };
function unwrap(result: unknown): { body: Loaded; headers: Headers } {
  const r = result as { data?: Loaded; init?: { headers?: HeadersInit } } & Loaded;
  if (r.data) return { body: r.data, headers: new Headers(r.init?.headers) };
  return { body: r, headers: new Headers() };
}

describe("flash messages", () => {
  it("are read once: the root loader exposes the message and clears the cookie", async () => {
    const cookie = (await setFlash({ kind: "success", message: "Signed Out" })).split(";")[0]!;
    const result = unwrap(await rootLoader({ request: new Request("http://localhost:3000/", { headers: { Cookie: cookie } }), params: {}, context: {} } as never));
    expect(result.body.flash?.message).toBe("Signed Out");
    expect(result.headers.get("Set-Cookie")).toMatch(/^toolnest_flash=; .*Max-Age=0/);
  });

  it("ignore a tampered cookie", async () => {
    const { flash } = await readFlash(new Request("http://localhost:3000/", { headers: { Cookie: "toolnest_flash=eyJtZXNzYWdlIjoiaGkifQ%3D%3D.forged" } }));
    expect(flash).toBeNull();
  });

  it("the root loader exposes the signed-in user's id, username, email and avatar only", async () => {
    const signed = await devSignIn("rooted@example.com");
    if (!signed.ok) throw new Error(signed.error);
    const request = new Request("http://localhost:3000/", { headers: { Cookie: cookieHeader(signed.headers.getSetCookie()) } });
    const { body } = unwrap(await rootLoader({ request, params: {}, context: {} } as never));
    expect(Object.keys(body.user ?? {}).sort()).toEqual(["avatar", "email", "id", "username"]);
    expect(body.user).toMatchObject({ email: "rooted@example.com", username: "rooted", avatar: null });
    const anonymous = unwrap(await rootLoader({ request: new Request("http://localhost:3000/"), params: {}, context: {} } as never));
    expect(anonymous.body.user).toBeNull();
  });
});
