import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { ensureProfile, getProfile } from "~/domain/people/profile-record.server";
import { firstFreeUsername, usernameBase } from "~/domain/people/username-base";
import { isProfileComplete, parseProfileTab, USERNAME_CHARACTERS_MESSAGE, USERNAME_MESSAGE, usernameSchema } from "./profile";

describe("the profile's tab query", () => {
  it("takes tab=submit (the spec's link from /my-products) as My Products", () => {
    expect(parseProfileTab("submit")).toBe("products");
    expect(parseProfileTab("products")).toBe("products");
    expect(parseProfileTab("toString")).toBe("bookmarks");
    expect(parseProfileTab(null)).toBe("bookmarks");
  });
});

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

async function newUser(id: string, email: string) {
  await getDb().execute(sql`insert into "user" (id, name, email) values (${id}, ${id}, ${email})`);
  await ensureProfile(getDb(), { id, email });
  return (await getProfile(getDb(), id))!;
}

describe("profile creation on first sign-in", () => {
  it("makes usernames unique by appending digits", async () => {
    const a = await newUser("u-a", "sam.smith@one.example");
    const b = await newUser("u-b", "sam_smith@two.example");
    const c = await newUser("u-c", "SamSmith@three.example");
    expect([a.username, b.username, c.username]).toEqual(["samsmith", "samsmith1", "SamSmith2"]);
    expect(a.email).toBe("sam.smith@one.example");
  });

  it("pads short names to 3 characters and keeps an existing profile", async () => {
    const p = await newUser("u-d", "jo@example.com");
    expect(p.username).toBe("userjo");
    await ensureProfile(getDb(), { id: "u-d", email: "other@example.com" });
    expect((await getProfile(getDb(), "u-d"))!.username).toBe("userjo");
  });

  it("creates distinct names when many users with the same local part arrive at once", async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `u-par-${i}`);
    await Promise.all(ids.map((id, i) => newUser(id, `same@host${i}.example`)));
    const rows = await queryRows<{ username: string }>(getDb(), sql`select username from profiles where id like 'u-par-%'`);
    expect(new Set(rows.map((r) => r.username)).size).toBe(6);
  });

  it("a new profile is incomplete until saved", async () => {
    const p = await newUser("u-e", "fresh@example.com");
    expect(isProfileComplete(p)).toBe(false);
  });
});
