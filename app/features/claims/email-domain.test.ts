import { describe, expect, it } from "vitest";
import { emailDomain, emailMatchesWebsite, isPublicMailDomain, isSharedHost } from "./email-domain";

describe("emailMatchesWebsite", () => {
  it.each([
    // The same domain or one of its subdomains.
    ["jane@acme.com", "acme.com", true],
    ["JANE@Acme.COM", "acme.com", true],
    ["jane@mail.acme.com", "acme.com", true],
    ["jane@eu.mail.acme.co.uk", "acme.co.uk", true],
    ["jane@notion.so", "notion.so", true],
    // Look-alikes and the wrong direction: a parent domain does not prove the subdomain's product.
    ["jane@evilacme.com", "acme.com", false],
    ["jane@acme.com.evil.io", "acme.com", false],
    ["jane@acme.com", "app.acme.com", false],
    ["jane@acme.co", "acme.com", false],
    // Public mail providers never count, on either side.
    ["someone@gmail.com", "gmail.com", false],
    ["someone@gmx.de", "gmx.de", false],
    ["someone@yahoo.co.jp", "yahoo.co.jp", false],
    ["someone@outlook.com", "outlook.com", false],
    ["someone@proton.me", "proton.me", false],
    // Platforms hosting many products: their staff are not every product's maker.
    ["dev@github.com", "github.com", false],
    ["dev@discord.com", "discord.com", false],
    ["dev@pages.someone.github.io", "someone.github.io", false],
    // Nothing to compare.
    ["jane@acme.com", null, false],
    ["jane@acme.com", "", false],
    ["no-at-sign", "acme.com", false],
    ["jane@localhost", "localhost", false],
    ["jane@[10.0.0.1]", "10.0.0.1", false],
    ["jane@user@acme.com", "user@acme.com", false],
  ] as const)("%s for a product at %s: %s", (email, site, counts) => {
    expect(emailMatchesWebsite(email, site)).toBe(counts);
  });
});

describe("the lists", () => {
  it("names providers under their national domains, but not companies that merely share a label", () => {
    expect(isPublicMailDomain("gmx.net")).toBe(true);
    expect(isPublicMailDomain("yandex.com.tr")).toBe(true);
    expect(isPublicMailDomain("mail.ru")).toBe(true);
    expect(isPublicMailDomain("live.acmecorp.com")).toBe(false);
    expect(isPublicMailDomain("acme.com")).toBe(false);
  });

  it("treats subdomains of a shared host as shared", () => {
    expect(isSharedHost("someone.github.io")).toBe(true);
    expect(isSharedHost("apps.apple.com")).toBe(true);
    expect(isSharedHost("githubnext.com")).toBe(false);
  });

  it("reads the domain after the last @, lower-cased", () => {
    expect(emailDomain("A@B.Example.ORG")).toBe("b.example.org");
    expect(emailDomain("@example.org")).toBeNull();
  });
});
