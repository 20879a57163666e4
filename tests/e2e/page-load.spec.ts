import { expect, test } from "./fixtures";

// Decision 064: loading a public page calls none of the browser's Intl formatting. Its first call
// loads the locale's data, ~40 ms of main thread on a desktop and four times that on Lighthouse's
// phone, in the middle of hydration; counts are grouped by hand and date formatters made on first use.
const PAGES = ["/", "/niche/productivity", "/tag/productivity", "/resources/notion", "/search?q=notes"];

for (const path of PAGES) {
  test(`loading ${path} calls no Intl formatting`, async ({ page }) => {
    const calls: string[] = [];
    page.on("console", (message) => {
      if (message.text().startsWith("intl-call ")) calls.push(message.text());
    });
    await page.addInitScript(() => {
      const report = (what: string) => console.log(`intl-call ${what} ${(new Error().stack ?? "").split("\n").slice(2, 4).join(" < ")}`);
      const intl = Intl as unknown as Record<string, object>;
      for (const name of ["NumberFormat", "DateTimeFormat", "RelativeTimeFormat", "PluralRules", "ListFormat"]) {
        intl[name] = new Proxy(intl[name]!, {
          construct: (target, args) => (report(name), Reflect.construct(target as never, args)),
          apply: (target, self, args) => (report(name), Reflect.apply(target as never, self, args)),
        });
      }
      const methods: [object, string][] = [[Number.prototype, "toLocaleString"], [Date.prototype, "toLocaleString"], [Date.prototype, "toLocaleDateString"], [Date.prototype, "toLocaleTimeString"]];
      for (const [proto, name] of methods) {
        const original = (proto as Record<string, (...args: unknown[]) => unknown>)[name]!;
        (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          report(name);
          return original.apply(this, args);
        };
      }
    });
    const response = await page.goto(path);
    expect(response?.status(), "the page itself, not a not-found page").toBe(200);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    // The parts fetched while the visitor reads (deferred-part.tsx) load and run their modules too.
    await page.waitForLoadState("networkidle");
    expect(calls).toEqual([]);
  });
}
