import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MyActivities } from "./my-activities";
import type { Activity } from "../stats";
import { renderHtml } from "../../../../tests/support/render-html";

const now = Date.parse("2025-06-10T12:00:00Z");
const product = { slug: "notion", name: "Notion", logo_url: null };

describe("My Activities", () => {
  it("shows each activity with its product link, preview as text and relative date; nothing invented", () => {
    const items: Activity[] = [
      { kind: "review", key: "review-1", created_at: "2025-06-10T11:00:00.000Z", product, preview: "<i>Great</i> tool…", rating: 5 },
      { kind: "save", key: "save-1", created_at: "2025-06-09T12:00:00.000Z", product, preview: null, rating: null },
    ];
    const html = renderHtml(
      <MemoryRouter>
        <MyActivities items={items} now={now} />
      </MemoryRouter>,
    );
    expect(html).toContain("Reviewed");
    expect(html).toContain('href="/resources/notion"');
    expect(html).toContain("&lt;i&gt;Great&lt;/i&gt; tool…");
    expect(html).toContain("(5/5)");
    expect(html).toContain("Saved");
    expect(html).toContain("yesterday");
    expect(html).not.toMatch(/Shared/i);
  });

  it("says so when there is nothing yet", () => {
    expect(renderToString(<MyActivities items={[]} now={now} />)).toContain("No activity yet.");
  });
});
