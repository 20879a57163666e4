import { describe, expect, it } from "vitest";
import { renderHtml } from "../../../tests/support/render-html";
import { DataTable } from "./data-table";
import type { RowSelection } from "./selection";

/** The <input> whose accessible name is `label`. */
const box = (html: string, label: string) => html.match(new RegExp(`<input[^>]*aria-label="${label}"[^>]*>`))?.[0] ?? "";

const rows = [
  { id: 4, name: "Alpha" },
  { id: 9, name: "Beta" },
];

function selectionOf(checked: number[]): RowSelection {
  const selected = new Set(checked);
  return {
    selected,
    count: selected.size,
    all: checked.length === rows.length,
    some: checked.length > 0 && checked.length < rows.length,
    pageIds: rows.map((r) => r.id),
    has: (id) => selected.has(id),
    toggle: () => {},
    setAll: () => {},
  };
}

describe("the admin data table", () => {
  it("names its scroller and caption, and draws a header and a cell per column", () => {
    const html = renderHtml(<DataTable rows={rows} columns={[{ header: "Name", cell: (r) => r.name }]} caption="Things, page 1 of 1" />);
    expect(html).toContain('role="region" aria-label="Things, page 1 of 1"');
    expect(html).toContain('<caption class="sr-only">Things, page 1 of 1</caption>');
    expect(html).toMatch(/<th scope="col"[^>]*>Name<\/th>/);
    expect(html.split("<tbody")[1]!.split("<tr").slice(1).map((row) => `<tr${row}`.replace(/<[^>]+>/g, ""))).toEqual(["Alpha", "Beta"]);
  });

  it("posts the checked rows' ids without JavaScript: each box has the form's name and the row's id", () => {
    const html = renderHtml(
      <DataTable
        rows={rows}
        columns={[{ header: "Name", cell: (r) => r.name }]}
        caption="Things"
        select={{ state: selectionOf([9]), label: (r) => r.name, allLabel: "Select all things", name: "ids", form: "bulk" }}
      />,
    );
    expect(html).toContain('aria-label="Select all things"');
    for (const [label, id] of [["Select Alpha", 4], ["Select Beta", 9]] as const) {
      expect(box(html, label)).toContain('name="ids"');
      expect(box(html, label)).toContain('form="bulk"');
      expect(box(html, label)).toContain(`value="${id}"`);
    }
    expect(box(html, "Select Beta")).toContain('checked=""');
    expect(box(html, "Select Alpha")).not.toContain("checked");
    // The checked row is highlighted; the other is not.
    expect(html).toMatch(/<tr class="bg-accent\/50">(?:(?!<tr).)*Select Beta/);
  });

  it("says when there are no rows, and leaves the select-all box disabled", () => {
    const empty = { ...selectionOf([]), pageIds: [] };
    const html = renderHtml(
      <DataTable rows={[] as typeof rows} columns={[{ header: "Name", cell: (r) => r.name }]} caption="Things" empty="No things yet." select={{ state: empty, label: (r) => r.name, allLabel: "Select all things" }} />,
    );
    expect(html).toContain("No things yet.");
    expect(box(html, "Select all things")).toContain('disabled=""');
  });
});
