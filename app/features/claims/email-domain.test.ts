import { describe, expect, it } from "vitest";
import { emailDomain, emailMatchesWebsite, isPublicMailDomain, isSharedHost } from "./email-domain";

describe("emailMatchesWebsite", () => {
  it.each([
    ["jane@acme.com", "acme.com"],
    ["JANE@Acme.COM", "acme.com"],
    ["jane@mail.acme.com", "acme.com"],
    ["jane@eu.mail.acme.co.uk", "acme.co.uk"],
    ["jane@notion.so", "notion.so"],
  ])("counts %s for a product at %s", (email, site) => {
    expect(emailMatchesWebsite(email, site)).toBe(true);
  });

  it.each([
    // Look-alikes and the wrong direction: a parent domain does not prove the subdomain's product.
    ["jane@evilacme.com", "acme.com"],
    ["jane@acme.com.evil.io", "acme.com"],
    ["jane@acme.com", "app.acme.com"],
    ["jane@acme.co", "acme.com"],
    // Public mail providers never count, on either side.
    ["someone@gmail.com", "gmail.com"],
    ["someone@gmx.de", "gmx.de"],
    ["someone@yahoo.co.jp", "yahoo.co.jp"],
    ["someone@outlook.com", "outlook.com"],
    ["someone@proton.me", "proton.me"],
    // Platforms hosting many products: their staff are not every product's maker.
    ["dev@github.com", "github.com"],
    ["dev@discord.com", "discord.com"],
    ["dev@pages.someone.github.io", "someone.github.io"],
    // Nothing to compare.
    ["jane@acme.com", null],
    ["jane@acme.com", ""],
    ["no-at-sign", "acme.com"],
    ["jane@localhost", "localhost"],
    ["jane@[10.0.0.1]", "10.0.0.1"],
    ["jane@user@acme.com", "user@acme.com"],
  ])("does not count %s for a product at %s", (email, site) => {
    expect(emailMatchesWebsite(email, site)).toBe(false);
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
