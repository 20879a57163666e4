import { describe, expect, it } from "vitest";
import { decodeEntities } from "./text";

describe("decodeEntities", () => {
  it("decodes named, decimal and hex references, and leaves unknown names as written", () => {
    expect(decodeEntities("Acme &amp; Co &#8211; Rockets &#x2014; &copy; &NBSP;x")).toBe("Acme & Co – Rockets — ©  x");
    expect(decodeEntities("a &bogus; b &amp c")).toBe("a &bogus; b &amp c");
  });

  it("reads a reference to no character as U+FFFD, as a browser does", () => {
    expect(decodeEntities("&#0;|&#xD800;|&#x110000;")).toBe("\uFFFD|\uFFFD|\uFFFD");
  });
});
