import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../tests/support/render-html";
import { TagLink } from "./tag-link";

describe("TagLink", () => {
  it("links the stored tag, reads as words after a mark that screen readers skip", () => {
    const html = renderHtml(
      <MemoryRouter>
        <TagLink tag="note-taking" />
      </MemoryRouter>,
    );
    expect(html).toContain('href="/tag/note-taking"');
    expect(html).toContain('<span aria-hidden="true">#</span>note taking</a>');
  });

  it("a one-word tag such as go is not a bare 'go' link", () => {
    const html = renderHtml(
      <MemoryRouter>
        <TagLink tag="go" />
      </MemoryRouter>,
    );
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toBe("#go");
  });
});
