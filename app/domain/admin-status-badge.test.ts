import { describe, expect, it } from "vitest";
import { statusBadge } from "./admin-status-badge";

describe("the admin table badge", () => {
  it("lets Advertised override the status", () => {
    expect(statusBadge({ status: "draft", is_advertised: true })).toBe("Advertised");
    expect(statusBadge({ status: "live", is_advertised: false })).toBe("Published");
    expect(statusBadge({ status: "deleted", is_advertised: false })).toBe("Unknown");
    expect(statusBadge({ status: null, is_advertised: false })).toBe("Unknown");
  });

  it("names each status as the admin table does", () => {
    expect(statusBadge({ status: "live", is_advertised: false })).toBe("Published");
    expect(statusBadge({ status: "rejected", is_advertised: true })).toBe("Advertised");
    expect(statusBadge({ status: "pending", is_advertised: false })).toBe("Pending");
    expect(statusBadge({ status: "rejected", is_advertised: false })).toBe("Rejected");
    expect(statusBadge({ status: null, is_advertised: false })).toBe("Unknown");
  });
});
