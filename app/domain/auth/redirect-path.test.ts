import { describe, expect, it } from "vitest";
import { currentPath, safeRedirectPath } from "./redirect-path";

describe("safeRedirectPath", () => {
  it.each(["/", "/profile", "/my-products?tab=drafts", "/resources/some-tool#reviews", "/search?q=a%20b"])(
    "keeps the local path %s",
    (path) => expect(safeRedirectPath(path)).toBe(path),
  );

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "javascript:alert(1)",
    " /x",
    "\n/x",
    "/x\n",
    "/\t/evil.example",
    "",
    "profile",
    "%2F%2Fevil.example",
  ])("refuses %j", (value) => expect(safeRedirectPath(value)).toBe("/"));

  it.each([
    ["/café", "/caf%C3%A9"],
    ["/€?x=日本#ü", "/%E2%82%AC?x=%E6%97%A5%E6%9C%AC#%C3%BC"],
    ["/search?q=a b", "/search?q=a%20b"],
    ["/caf%C3%A9", "/caf%C3%A9"],
    ["/😀", "/%F0%9F%98%80"],
  ])("percent-encodes %j to %j, which a Location header can hold", (value, expected) => {
    const path = safeRedirectPath(value);
    expect(path).toBe(expected);
    expect(() => new Headers({ Location: path })).not.toThrow();
    expect(() => Response.redirect(`http://localhost${path}`)).not.toThrow();
  });

  it.each(["/\ud800", "/x\udfff", "/%E2%82", "/%2F\u00a0/evil.example"])("refuses the malformed or hostile %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("refuses non-strings and uses the fallback", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/profile")).toBe("/profile");
    expect(safeRedirectPath(["/x"])).toBe("/");
  });

  it("currentPath keeps the query", () => {
    expect(currentPath(new Request("http://localhost/claim-product?id=3"))).toBe("/claim-product?id=3");
  });
});
