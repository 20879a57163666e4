import { createCookie } from "react-router";
import { env } from "~/lib/env.server";
import { FLASH_COOKIE } from "~/lib/http/headers";
import { getAuthState } from "./auth/auth.server";

export interface Flash {
  kind: "success" | "error" | "info";
  message: string;
}

let cookie: ReturnType<typeof createCookie> | undefined;
function flashCookie() {
  cookie ??= createCookie(FLASH_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().APP_URL.startsWith("https://"),
    maxAge: 60,
    secrets: [getAuthState().settings.secret],
  });
  return cookie;
}

/** A Set-Cookie value carrying a message shown once on the next page. */
export async function setFlash(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/** Reads the message (if any) and the Set-Cookie value that clears it. */
export async function readFlash(request: Request): Promise<{ flash: (Flash & { id: string }) | null; clear: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${FLASH_COOKIE}=`)) return { flash: null, clear: null };
  const value = (await flashCookie().parse(header)) as Flash | null;
  const clear = await flashCookie().serialize("", { maxAge: 0 });
  if (!value || typeof value.message !== "string") return { flash: null, clear };
  const kind = value.kind === "error" || value.kind === "info" ? value.kind : "success";
  return { flash: { kind, message: value.message, id: crypto.randomUUID() }, clear };
}
