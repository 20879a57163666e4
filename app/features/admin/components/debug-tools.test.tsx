import { describe, expect, it } from "vitest";
import { renderHtml } from "../../../../tests/support/render-html";
import { DebugTools } from "./debug-tools";

describe("Debug Tools", () => {
  it("lists the recorded errors newest first with time (UTC), method, path, status and message", () => {
    const html = renderHtml(
      <DebugTools
        keep={500}
        perMinute={30}
        errors={[
          { id: "2", method: "POST", path: "/api/v1/products/1/upvote", status: 503, message: "Error: <b>down</b>", created_at: "2025-06-03T14:02:11.123Z" },
          { id: "1", method: "GET", path: "/admin/products", status: 500, message: "TypeError: x is undefined", created_at: "2025-06-02T08:00:00Z" },
        ]}
      />,
    );
    const rows = html.split("<tr").slice(2);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('dateTime="2025-06-03T14:02:11.123Z">Jun 3, 2025, 14:02:11</time>');
    expect(rows[0]).toContain(">POST<");
    expect(rows[0]).toContain(">/api/v1/products/1/upvote<");
    expect(rows[0]).toContain(">503<");
    // Messages are text, never markup.
    expect(rows[0]).toContain("Error: &lt;b&gt;down&lt;/b&gt;");
    expect(rows[1]).toContain("TypeError: x is undefined");
    expect(html).not.toContain("No server errors recorded.");
    expect(html).toContain("the newest 500 are kept, at most 30 a minute are recorded");
  });

  it("says so when nothing was recorded, and offers the error boundary tester", () => {
    const html = renderHtml(<DebugTools keep={500} perMinute={30} errors={[]} />);
    expect(html).toContain("No server errors recorded.");
    expect(html).not.toContain("<table");
    expect(html).toContain("Throw a test error");
  });
});
