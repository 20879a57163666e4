import { describe, expect, it } from "vitest";
import { isCurrentAdminPage } from "./admin-shell";

describe("isCurrentAdminPage", () => {
  it("marks the dashboard on /admin and /admin/dashboard, and a section on its sub-pages", () => {
    expect(isCurrentAdminPage("/admin/dashboard", "/admin")).toBe(true);
    expect(isCurrentAdminPage("/admin/dashboard", "/admin/")).toBe(true);
    expect(isCurrentAdminPage("/admin/dashboard", "/admin/dashboard")).toBe(true);
    expect(isCurrentAdminPage("/admin/products", "/admin/products/edit/12")).toBe(true);
    expect(isCurrentAdminPage("/admin/products", "/admin/products-archive")).toBe(false);
    expect(isCurrentAdminPage("/admin/dashboard", "/admin/products")).toBe(false);
    expect(isCurrentAdminPage("/admin/products", "/admin")).toBe(false);
  });
});
