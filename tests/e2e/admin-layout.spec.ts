import { csv, HEADER, row, signInAdmin } from "./csv-import-support";
import { expect, expectAccessible, open, test } from "./fixtures";

// The back-office at 360 px (decision 066): every admin page opens, fits the width and passes axe.
// The admin flows themselves (forms, bulk actions, imports, moderation) run at 1280 px only; the
// 360 px project repeats the public and member specs, whose layouts change with the width.
const PAGES = [
  "/admin/dashboard",
  "/admin/products",
  "/admin/products/new",
  "/admin/imports",
  "/admin/submit",
  "/admin/trending-ads",
  "/admin/moderation",
  "/admin/submissions",
  "/admin/suggestions",
  "/admin/users",
  "/admin/niches",
  "/admin/parent-subcategories",
  "/admin/feedback-reports",
  "/admin/orders",
  "/admin/audit",
  "/admin/my-ai-engine",
];

test("every admin page fits 360 px, with its navigation in a drawer, and passes axe", async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the 1280 px layouts are walked by the admin flows");
  test.setTimeout(240_000);
  await signInAdmin(page.request, baseURL!);
  const listed = (await (await page.request.get("/api/v1/products?limit=2")).json()) as { items: { id: number }[] };
  const [first, second] = listed.items.map((item) => item.id);
  expect(second, "two demo products").toBeTruthy();
  // An upload of its own, with a row that has problems, so the mapping page shows its groups and
  // preview table.
  const name = `Layout ${Date.now().toString(36)}`;
  const file = csv(
    [
      [...row(`${name} One`), "Developers", "API Development & Testing"],
      [...row(`${name} Two`, { website_url: "javascript:alert(1)" }), "Designers", ""],
    ],
    [...HEADER, "niche", "subcategory"],
  );
  const uploaded = await page.request.post("/admin/products/upload-csv", {
    data: Buffer.from(file),
    // A long name with nowhere to break: the mapping page and the audit log show it.
    headers: { Origin: baseURL!, "Content-Type": "text/csv", "X-File-Name": `layout-${"0123456789".repeat(6)}.csv` },
  });
  expect(uploaded.status(), "the upload").toBe(201);
  const { mapUrl } = (await uploaded.json()) as { mapUrl: string };

  for (const path of [...PAGES, mapUrl, `/admin/products/edit/${first}`, `/admin/bulk-remap?ids=${first}%2C${second}&back=products`]) {
    await test.step(path, async () => {
      const response = await open(page, path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(360);
      // A table wider than the screen scrolls inside a named region a keyboard user can focus (then
      // scroll with the arrow keys), and which a screen reader announces.
      const unreachable = await page.evaluate(() =>
        [...document.querySelectorAll("table")].flatMap((table) => {
          let scroller = table.parentElement;
          while (scroller && !["auto", "scroll"].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
          if (!scroller || scroller.scrollWidth <= scroller.clientWidth) return [];
          const reachable = scroller.tabIndex >= 0 && scroller.getAttribute("role") === "region" && !!scroller.getAttribute("aria-label")?.trim();
          return reachable ? [] : [table.caption?.textContent?.trim() || table.outerHTML.slice(0, 80)];
        }),
      );
      expect(unreachable, `${path}: wide tables the keyboard cannot scroll`).toEqual([]);
      await expectAccessible(page);
    });
  }

  // The upload's import: its progress page, and the summary it ends on, show the long file name too.
  // As drafts, so that no public list another spec counts gains a product.
  await test.step("the import's progress page", async () => {
    await open(page, mapUrl);
    await page.getByLabel("Imported products are").selectOption("draft");
    await page.getByRole("button", { name: /^Import (\d+ as drafts|1 as a draft)$/ }).click();
    await expect(page).toHaveURL(/\/admin\/imports\/\d+$/);
    await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/layout-0123456789/).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the progress page scrolls sideways").toBeLessThanOrEqual(360);
    await expectAccessible(page);
  });
});
