import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { ensureProfile, getProfile } from "~/domain/people/profile-record.server";
import { isProfileComplete } from "./profile.server";

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
