import { describe, expect, it } from "vitest";
import { outboundUrl } from "./catalog";

describe("outboundUrl", () => {
  it("adds ref={site} to the product's website", () => {
    expect(outboundUrl("https://notion.so/", "Toolnest")).toBe("https://notion.so/?ref=toolnest");
    expect(outboundUrl("https://a.example/path?x=1", "My Directory")).toBe("https://a.example/path?x=1&ref=mydirectory");
  });
  it("keeps a ref the maker already set", () => {
    expect(outboundUrl("https://a.example/?ref=partner", "Toolnest")).toBe("https://a.example/?ref=partner");
  });
});
