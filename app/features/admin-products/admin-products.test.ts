import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, MAX_BULK_IDS, MAX_PAGE, MESSAGES, adStatus, filtersToParams, parseFilters, parseIds, remapHref } from "./admin-products";

describe("the view in the URL", () => {
  it("reads every filter and writes back only what differs from the defaults", () => {
    const params = new URLSearchParams("q=%20Note%20app%20&niche=3&status=draft&advertised=yes&coupon=no&pricing=paid&from=2024-01-02&to=2024-02-01&subcategory=9&page=4");
    const filters = parseFilters(params);
    expect(filters).toEqual({ q: "Note app", niche: 3, status: "draft", advertised: "yes", coupon: "no", pricing: "paid", from: "2024-01-02", to: "2024-02-01", subcategory: 9, page: 4 });
    expect(filtersToParams(filters).toString()).toBe("q=Note+app&niche=3&status=draft&advertised=yes&coupon=no&pricing=paid&from=2024-01-02&to=2024-02-01&subcategory=9&page=4");
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe("");
  });

  it("reads hostile or unknown values as the defaults", () => {
    const hostile = new URLSearchParams();
    for (const name of ["status", "advertised", "coupon", "pricing", "niche", "subcategory", "page", "from", "to"]) hostile.set(name, "x'; drop table products;--\u0000");
    hostile.set("q", "a\u0000b\uD800c\u202E" + "z".repeat(500));
    const filters = parseFilters(hostile);
    expect({ ...filters, q: "" }).toEqual(DEFAULT_FILTERS);
    expect(filters.q).toMatch(/^a b\uFFFD?c z+$/);
    expect(filters.q.length).toBeLessThanOrEqual(100);
    expect(parseFilters(new URLSearchParams("page=0")).page).toBe(1);
    expect(parseFilters(new URLSearchParams("page=99999999999")).page).toBe(1);
    expect(parseFilters(new URLSearchParams("page=2000000000")).page).toBe(MAX_PAGE);
    expect(parseFilters(new URLSearchParams("from=2024-02-30&to=2024-13-01"))).toMatchObject({ from: "", to: "" });
    // A reversed range is read the right way round.
    expect(parseFilters(new URLSearchParams("from=2024-05-01&to=2024-01-01"))).toMatchObject({ from: "2024-01-01", to: "2024-05-01" });
  });
});

describe("ad status", () => {
  it("computes the ad status from the dates", () => {
    const now = new Date("2025-06-15T12:00:00Z");
    expect(adStatus(null, "2025-07-01", now)).toBe("Undefined");
    expect(adStatus("2025-06-01", null, now)).toBe("Undefined");
    expect(adStatus("2025-06-16T00:00:00Z", "2025-07-01", now)).toBe("Scheduled");
    expect(adStatus("2025-05-01", "2025-06-15T11:59:59Z", now)).toBe("Expired");
    expect(adStatus("2025-06-15T12:00:00Z", "2025-06-15T12:00:00Z", now)).toBe("Active");
  });
});

describe("chosen ids", () => {
  it("accepts repeated fields and comma lists, drops duplicates, refuses anything else", () => {
    expect(parseIds(["3", "1,2, 3"])).toEqual({ ok: true, ids: [3, 1, 2] });
    expect(parseIds([])).toEqual({ ok: false, error: MESSAGES.noSelection });
    expect(parseIds(["1", "x"])).toEqual({ ok: false, error: MESSAGES.badSelection });
    expect(parseIds(["2147483648"])).toEqual({ ok: false, error: MESSAGES.badSelection });
    expect(parseIds([Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => i + 1).join(",")])).toEqual({ ok: false, error: MESSAGES.tooMany });
    expect(parseIds([new File([], "x")])).toEqual({ ok: false, error: MESSAGES.badSelection });
    expect(remapHref([1, 2, 3])).toBe("/admin/bulk-remap?ids=1%2C2%2C3");
  });

  it("words the spec's toasts", () => {
    expect(MESSAGES.published(3)).toBe("3 products published");
    expect(MESSAGES.drafted(2)).toBe("2 moved to draft");
    expect(MESSAGES.deleted(4)).toBe("4 permanently deleted");
  });
});
