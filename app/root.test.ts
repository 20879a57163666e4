import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { setFlash } from "~/domain/flash.server";
import { loader as rootLoader } from "~/root";
import { localSettings, signedInCookie } from "../tests/support/auth";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

type Loaded = { env: unknown; user: { email: string; username: string | null } | null; flash: { message: string } | null };
function unwrap(result: unknown): { body: Loaded; headers: Headers } {
  const r = result as { data?: Loaded; init?: { headers?: HeadersInit } } & Loaded;
  if (r.data) return { body: r.data, headers: new Headers(r.init?.headers) };
  return { body: r, headers: new Headers() };
}

describe("the root loader", () => {
  it("exposes a flash message once and clears its cookie", async () => {
    const cookie = (await setFlash({ kind: "success", message: "Signed Out" })).split(";")[0]!;
    const result = unwrap(await rootLoader({ request: new Request("http://localhost:3000/", { headers: { Cookie: cookie } }), params: {}, context: {} } as never));
    expect(result.body.flash?.message).toBe("Signed Out");
    expect(result.headers.get("Set-Cookie")).toMatch(/^toolnest_flash=; .*Max-Age=0/);
  });

  it("exposes the signed-in user's id, username, email and avatar only", async () => {
    const request = new Request("http://localhost:3000/", { headers: { Cookie: await signedInCookie("rooted@example.com") } });
    const { body } = unwrap(await rootLoader({ request, params: {}, context: {} } as never));
    expect(Object.keys(body.user ?? {}).sort()).toEqual(["avatar", "email", "id", "username"]);
    expect(body.user).toMatchObject({ email: "rooted@example.com", username: "rooted", avatar: null });
    const anonymous = unwrap(await rootLoader({ request: new Request("http://localhost:3000/"), params: {}, context: {} } as never));
    expect(anonymous.body.user).toBeNull();
  });
});
