import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/registry.server";
import { makerProfiles, searchMakers, searchText } from "./maker-search.server";

async function person(id: string, username: string, email: string) {
  const db = getDb();
  await db.execute(sql`insert into "user" (id, name, email) values (${id}, ${username}, ${email})`);
  await db.execute(sql`insert into profiles (id, username, email) values (${id}, ${username}, ${email})`);
}

describe("maker search", () => {
  it("matches usernames for everyone, e-mails only for admins, 5 per field, merged without duplicates", async () => {
    await person("ms-secret", "quietperson", "zebracorn@hidden.example");
    for (let i = 1; i <= 7; i += 1) await person(`ms-zeb-${i}`, `zebra${i}`, `zebra${i}@example.com`);

    const member = await searchMakers("zebracorn", { includeEmail: false });
    expect(member).toEqual([]);
    const memberByName = await searchMakers("zebra", { includeEmail: false });
    expect(memberByName).toHaveLength(5);
    for (const user of memberByName) expect(user).not.toHaveProperty("email");

    const admin = await searchMakers("zebracorn", { includeEmail: true });
    expect(admin).toEqual([{ id: "ms-secret", username: "quietperson", avatar_url: null, email: "zebracorn@hidden.example" }]);
    // 5 by username + up to 5 by e-mail, the same people once.
    const adminByBoth = await searchMakers("zebra", { includeEmail: true });
    expect(new Set(adminByBoth.map((user) => user.id)).size).toBe(adminByBoth.length);
    expect(adminByBoth).toHaveLength(5);
    // A text only in e-mails: nothing for members, 5 for admins.
    expect(await searchMakers("example.com", { includeEmail: false })).toEqual([]);
    expect(await searchMakers("example.com", { includeEmail: true })).toHaveLength(5);
  });

  it("matches LIKE wildcards literally and survives hostile text", async () => {
    await person("ms-pct", "hundred_pct", "pct@example.com");
    expect(await searchMakers("%%", { includeEmail: true })).toEqual([]);
    expect((await searchMakers("d_p", { includeEmail: false })).map((user) => user.id)).toEqual(["ms-pct"]);
    expect(await searchMakers("__", { includeEmail: false })).toEqual([]);
    expect(searchText("a")).toBeNull();
    expect(searchText(" \u0000a\u0000 ")).toBeNull();
    expect(searchText(["ab"])).toBeNull();
    expect(searchText("\ud800ab")).toBe("ab");
    expect(searchText("x".repeat(10_000))).toHaveLength(100);
    expect(await searchMakers(searchText(`${"\\".repeat(50)}'"`)!, { includeEmail: true })).toEqual([]);
  });

  it("loads a product's makers in order, with e-mails only for admins", async () => {
    await person("ms-a", "makera", "a@example.com");
    await person("ms-b", "makerb", "b@example.com");
    expect((await makerProfiles(["ms-b", "missing", "ms-a"], { includeEmail: false })).map((user) => [user.id, "email" in user])).toEqual([
      ["ms-b", false],
      ["ms-a", false],
    ]);
    expect((await makerProfiles(["ms-a"], { includeEmail: true }))[0]?.email).toBe("a@example.com");
  });
});
