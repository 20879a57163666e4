import { describe, expect, it } from "vitest";
import { firstFreeUsername, usernameBase } from "./username";

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
