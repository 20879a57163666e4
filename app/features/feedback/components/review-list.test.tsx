import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Review } from "../feedback";
import { summarize } from "../feedback";
import { ReviewList } from "./review-list";
import { ReviewSummary } from "./review-summary";
import { renderHtml } from "../../../../tests/support/render-html";

const now = Date.parse("2025-06-01T12:00:00Z");

function review(id: number, comment: string, replies: Review["replies"] = []): Review {
  return {
    id,
    comment,
    rating: 4,
    created_at: "2025-06-01T11:00:00.000Z",
    author: { id: `u${id}`, username: id === 2 ? null : `user${id}`, avatar_url: null, career: id === 1 ? "Engineer" : null },
    replies,
  };
}

describe("the review list", () => {
  it("renders comments as text: markup is shown, never run", () => {
    const typed = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const html = renderToString(<ReviewList reviews={[review(1, typed)]} now={now} productId={1} signedIn={false} onSignInNeeded={() => {}} />);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("whitespace-pre-line");
  });

  it("shows author, career, relative date, rating; Anonymous without a username; replies nested", () => {
    const html = renderHtml(
      <ReviewList
        reviews={[review(1, "Great", [{ ...review(2, "Thanks!"), rating: 5 }])]}
        now={now}
        productId={1}
        signedIn
        onSignInNeeded={() => {}}
      />,
    );
    for (const text of ["user1", "Engineer", "1 hour ago", 'aria-label="Rated 4 out of 5"', 'aria-label="Reply by Anonymous"', "Thanks!"]) {
      expect(html).toContain(text);
    }
  });

  it("summarizes: average to one decimal, count and percentages", () => {
    const html = renderHtml(<ReviewSummary summary={summarize({ 5: 2, 4: 1 })} />);
    expect(html).toContain(">4.7<");
    expect(html).toContain("3 reviews");
    expect(html).toContain("67%");
    expect(renderToString(<ReviewSummary summary={summarize({})} />)).toContain("No reviews yet.");
  });
});
