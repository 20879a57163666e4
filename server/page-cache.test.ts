import { describe, expect, it } from "vitest";
import { isAnonymous } from "./page-cache";

describe("isAnonymous", () => {
  it("treats a session cookie or a pending flash message as personal", () => {
    expect(isAnonymous(undefined)).toBe(true);
    expect(isAnonymous("ui-theme=dark")).toBe(true);
    expect(isAnonymous("better-auth.session_token=abc.def")).toBe(false);
    expect(isAnonymous("a=1; __Secure-better-auth.session_token=abc")).toBe(false);
    expect(isAnonymous("a=1; toolnest_flash=eyJ9")).toBe(false);
    expect(isAnonymous("not_toolnest_flashy=1")).toBe(true);
  });
});
