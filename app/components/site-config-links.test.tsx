import { describe, expect, it } from "vitest";
import { parseEnv, publicEnv } from "~/lib/env.server";
import { renderHtml } from "../../tests/support/render-html";
import { FeedbackOptions } from "./site-header-panels";
import { SocialList, socialLinks } from "./site-footer-content";

describe("links from configuration", () => {
  it("the footer shows only the social links that are configured, never a placeholder", () => {
    const unset = publicEnv(parseEnv({}));
    expect(socialLinks(unset.SOCIAL)).toEqual([]);
    const some = publicEnv(parseEnv({ SOCIAL_GITHUB_URL: "https://github.com/toolnest", SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/toolnest" }));
    const links = socialLinks(some.SOCIAL);
    expect(links.map((l) => [l.label, l.href])).toEqual([
      ["GitHub", "https://github.com/toolnest"],
      ["LinkedIn", "https://www.linkedin.com/company/toolnest"],
    ]);
    const html = renderHtml(<SocialList links={links} />);
    expect(html).toContain('href="https://github.com/toolnest"');
    expect(html).toContain('aria-label="LinkedIn"');
    expect(html).not.toContain("x.com");
  });

  it("the Feedback dialog offers e-mail, and the external form only when FEEDBACK_FORM_URL is set", () => {
    const without = renderHtml(<FeedbackOptions email="feedback@toolnest.example" formUrl={null} />);
    expect(without).toContain('href="mailto:feedback@toolnest.example?subject=Feedback"');
    expect(without).not.toContain("feedback form");
    const formUrl = publicEnv(parseEnv({ FEEDBACK_FORM_URL: "https://forms.example/toolnest" })).FEEDBACK_FORM_URL;
    const withForm = renderHtml(<FeedbackOptions email="feedback@toolnest.example" formUrl={formUrl} />);
    expect(withForm).toContain('href="https://forms.example/toolnest"');
    expect(withForm).toContain("Open the feedback form");
  });

  it("refuses a setting that is not an http(s) URL, naming it", () => {
    expect(() => parseEnv({ SOCIAL_X_URL: "javascript:alert(1)" })).toThrow(/SOCIAL_X_URL must be an http\(s\) URL/);
    expect(() => parseEnv({ FEEDBACK_FORM_URL: "forms" })).toThrow(/FEEDBACK_FORM_URL/);
  });
});
