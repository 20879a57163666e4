import { describe, expect, it } from "vitest";
import { firstFreeUsername, usernameBase } from "~/domain/people/username-base";
import { USERNAME_CHARACTERS_MESSAGE, USERNAME_MESSAGE, usernameSchema } from "./username";

describe("usernames", () => {
  it("takes the e-mail's local part without non-alphanumerics", () => {
    expect(usernameBase("jane.doe+news@example.com")).toBe("janedoenews");
    expect(usernameBase("a.b@example.com")).toBe("userab");
    expect(usernameBase("x".repeat(80) + "@example.com")).toHaveLength(44);
  });

  it("appends digits until free, ignoring case", () => {
    expect(firstFreeUsername("jane", [])).toBe("jane");
    expect(firstFreeUsername("jane", ["Jane", "jane1"])).toBe("jane2");
  });
});

describe("usernameSchema", () => {
  const parse = (value: string) => usernameSchema.safeParse(value);

  it.each([
    ["ａｄｍｉｎ", "admin"],
    ["𝕒𝕕𝕞𝕚𝕟", "admin"],
    ["  Ｊａｎｅ  ", "Jane"],
    ["ﬁnder", "finder"],
    ["José", "José"],
    ["Jose\u0301", "José"],
  ])("stores %j as its NFKC form %j", (value, stored) => {
    expect(parse(value)).toEqual({ success: true, data: stored });
  });

  it.each([
    ["a zero-width space", "ad\u200bmin"],
    ["a zero-width joiner", "ad\u200dmin"],
    ["a right-to-left override", "\u202enimda"],
    ["a left-to-right isolate", "ad\u2066min"],
    ["a byte-order mark", "\ufeffadmin"],
    ["a soft hyphen", "ad\u00admin"],
    ["a control character", "ad\u0007min"],
    ["a NUL", "admin\u0000"],
    ["a line separator", "ad\u2028min"],
    ["a Hangul filler", "admin\u3164"],
    ["a variation selector", "admin\ufe0f"],
  ])("refuses %s with a clear message", (_, value) => {
    const result = parse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(USERNAME_CHARACTERS_MESSAGE);
  });

  it("checks the length of the stored form", () => {
    expect(parse("ａｂ").error?.issues[0]?.message).toBe(USERNAME_MESSAGE);
    expect(parse("x".repeat(51)).success).toBe(false);
  });
});
