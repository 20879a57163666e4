import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../../../tests/support/render-html";
import { CsvUploadPanel, isCsvFile } from "./csv-upload-panel";

describe("the Bulk Upload (CSV) panel", () => {
  it("offers the template, the format, and a labelled CSV-only file input with its size limit", () => {
    const html = renderHtml(
      <MemoryRouter>
        <CsvUploadPanel maxBytes={50 * 1024 * 1024} />
      </MemoryRouter>,
    );
    expect(html).toContain('href="/admin/products/template.csv"');
    expect(html).toContain('download="product_template.csv"');
    expect(html).toContain(">Download Template<");
    expect(html).toContain("Required columns: product_name, headline, tagline, description, pricing, and website_url (or link).");
    expect(html).toContain("Largest file: 50 MB.");
    expect(html).toMatch(/<input[^>]*type="file"[^>]*accept=".csv,text\/csv"/);
    const id = /<input[^>]*id="([^"]+)"[^>]*type="file"/.exec(html)?.[1];
    expect(html).toContain(`for="${id}"`);
    expect(html).toContain("Choose a CSV file");
    expect(html).toContain('role="status"');
    // Nothing to proceed with before a file is uploaded.
    expect(html).not.toContain("Proceed to Mapping");
  });
});

describe("the drop area's file check", () => {
  it("takes a .csv name or a CSV type, as the server does", () => {
    expect(isCsvFile({ name: "Products.CSV", type: "" })).toBe(true);
    expect(isCsvFile({ name: "export", type: "text/csv" })).toBe(true);
    expect(isCsvFile({ name: "products.xlsx", type: "application/vnd.ms-excel" })).toBe(false);
    expect(isCsvFile({ name: "notes.txt", type: "text/plain" })).toBe(false);
  });
});
