import { describe, expect, it } from "vitest";
import { siteOrigins } from "./origin.server";

describe("the site's own origins", () => {
  it("are APP_URL's alone on a public server", () => {
    expect(siteOrigins("https://tools.example.com")).toEqual(["https://tools.example.com"]);
    expect(siteOrigins("http://203.0.113.7:3000")).toEqual(["http://203.0.113.7:3000"]);
  });

  it("include this machine's other names on the same scheme and port with a loopback APP_URL", () => {
    expect(siteOrigins("http://localhost:3000")).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(siteOrigins("http://127.0.0.1:4100/")).toEqual(["http://127.0.0.1:4100", "http://localhost:4100", "http://[::1]:4100"]);
    expect(siteOrigins("http://localhost")).toEqual(["http://localhost", "http://127.0.0.1", "http://[::1]"]);
  });
});
