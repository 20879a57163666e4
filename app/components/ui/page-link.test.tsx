import { describe, expect, it } from "vitest";
import { renderHtml } from "../../../tests/support/render-html";
import { PageLink } from "./page-link";

describe("PageLink", () => {
  it("is a plain anchor to the path, marked for route discovery, with the attributes it is given", () => {
    const html = renderHtml(
      <PageLink to="/tag/note-taking" className="chip" aria-current="page">
        note taking
      </PageLink>,
    );
    expect(html).toBe('<a class="chip" aria-current="page" href="/tag/note-taking" data-discover="true">note taking</a>');
  });

  it("renders the same anchor when it prefetches on intent (the prefetch links come after a hover)", () => {
    expect(renderHtml(<PageLink to="/resources/notion" prefetch="intent">Notion</PageLink>)).toBe('<a href="/resources/notion" data-discover="true">Notion</a>');
  });
});
