import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { REPORT_MESSAGES, reportSchema, resolveSchema } from "./reports";

describe("the report form", () => {
  it("needs a reason, and a note when the reason is Other", () => {
    expect(parseForm(reportSchema, { product: "notion" })).toEqual({ ok: false, errors: { reason: REPORT_MESSAGES.reason } });
    expect(parseForm(reportSchema, { product: "notion", reason: "other", note: "  " })).toEqual({ ok: false, errors: { note: REPORT_MESSAGES.noteNeeded } });
    expect(parseForm(reportSchema, { product: "notion", reason: "made-up" })).toMatchObject({ ok: false, errors: { reason: REPORT_MESSAGES.reason } });
    expect(parseForm(reportSchema, { product: " notion ", reason: "broken_link", note: " 404 " })).toEqual({ ok: true, data: { product: "notion", reason: "broken_link", note: "404" } });
  });

  it("refuses a note over 1,000 characters", () => {
    expect(parseForm(reportSchema, { product: "notion", reason: "spam", note: "x".repeat(1001) })).toEqual({ ok: false, errors: { note: REPORT_MESSAGES.noteTooLong } });
  });
});

describe("the resolve form", () => {
  it("needs an outcome and the reason reporters read", () => {
    expect(parseForm(resolveSchema, { product: "12", outcome: "fixed", resolution: "" })).toMatchObject({ ok: false, errors: { resolution: REPORT_MESSAGES.resolution } });
    expect(parseForm(resolveSchema, { product: "12", outcome: "deleted", resolution: "x" })).toMatchObject({ ok: false, errors: { outcome: REPORT_MESSAGES.outcome } });
    expect(parseForm(resolveSchema, { product: "12", outcome: "fixed", resolution: " Updated the link " })).toEqual({ ok: true, data: { product: 12, outcome: "fixed", resolution: "Updated the link" } });
  });
});
