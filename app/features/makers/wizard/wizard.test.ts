import { describe, expect, it } from "vitest";
import { badgeHtml, badgeMarkdown, completionOf, currentStep, isStepOpen, shareLinks, withRef, type ProgressFacts } from "./wizard";

const draft: ProgressFacts = { status: "draft", headline: null, description: null, makerComment: null };
const detailed: ProgressFacts = { ...draft, headline: "Headline", description: "Description" };

describe("completion and unlock rules", () => {
  it("is 25 for a bare draft, 50 once the details are saved or it is submitted, 100 submitted with a comment", () => {
    expect(completionOf(draft)).toBe(25);
    expect(completionOf({ ...draft, makerComment: "Hi" })).toBe(25);
    expect(completionOf(detailed)).toBe(50);
    expect(completionOf({ ...detailed, makerComment: "Hi" })).toBe(50);
    expect(completionOf({ ...detailed, status: "pending" })).toBe(50);
    expect(completionOf({ ...detailed, status: "pending", makerComment: "  " })).toBe(50);
    expect(completionOf({ ...detailed, status: "pending", makerComment: "Hi" })).toBe(100);
    expect(completionOf({ ...draft, status: "live", makerComment: "Hi" })).toBe(100);
  });

  it("opens Maker Comments and Makers at 50, the last three after submission", () => {
    expect(isStepOpen("categories", draft)).toBe(true);
    expect(isStepOpen("maker-comments", draft)).toBe(false);
    expect(isStepOpen("makers", detailed)).toBe(true);
    expect(isStepOpen("embed-badge", detailed)).toBe(false);
    expect(isStepOpen("launch-platforms", { ...detailed, status: "rejected" })).toBe(true);
  });

  it("continues where the maker left off unless the URL names an open step", () => {
    expect(currentStep(null, draft)).toBe("product-info");
    expect(currentStep(null, detailed)).toBe("categories");
    expect(currentStep(null, { ...detailed, status: "pending" })).toBe("maker-comments");
    expect(currentStep(null, { ...detailed, status: "pending", makerComment: "Hi" })).toBe("embed-badge");
    expect(currentStep("invite", detailed)).toBe("categories");
    expect(currentStep("makers", detailed)).toBe("makers");
  });
});

describe("snippets", () => {
  const links = { appUrl: "https://dir.example", siteName: "Toolnest", productName: `A "quoted" <b>[name]</b>`, slug: "a-name" };

  it("escapes the product name in the HTML badge and links the listing", () => {
    const html = badgeHtml(links, "dark");
    expect(html).toContain(`href="https://dir.example/resources/a-name"`);
    expect(html).toContain(`src="https://dir.example/badge/a-name.svg?theme=dark"`);
    expect(html).toContain("A &quot;quoted&quot; &lt;b&gt;[name]&lt;/b&gt; - Featured on Toolnest");
    expect(html).toContain(`width="250" height="54"`);
  });

  it("escapes brackets in the Markdown badge", () => {
    expect(badgeMarkdown(links, "light")).toBe(
      `[![A "quoted" <b>\\[name\\]</b> - Featured on Toolnest](https://dir.example/badge/a-name.svg)](https://dir.example/resources/a-name)`,
    );
  });

  it("encodes share links and adds ref to platform links", () => {
    expect(shareLinks("https://dir.example/resources/a&b", "Hi & bye").map((l) => l.name)).toEqual(["Twitter / X", "LinkedIn", "Reddit"]);
    expect(shareLinks("https://dir.example/resources/a&b", "Hi & bye")[0]!.href).toContain("url=https%3A%2F%2Fdir.example%2Fresources%2Fa%26b");
    expect(withRef("https://www.producthunt.com/", "Tool Nest")).toBe("https://www.producthunt.com/?ref=toolnest");
    expect(withRef("not a url", "Toolnest")).toBe("not a url");
  });
});
