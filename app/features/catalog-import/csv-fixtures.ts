import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Test helpers: CSV text built from rows, written to a temp folder that `cleanFixtures` removes. */
export const HEADER = ["product_name", "headline", "tagline", "description", "pricing", "website_url", "topics", "logo_url"];

export const LONG_DESCRIPTION = "A tool that helps teams plan, write and ship their work without losing track of details.";

let dir: string | undefined;

export function cleanFixtures() {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
}

function quote(cell: string) {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function csvLine(cells: string[]): string {
  return cells.map(quote).join(",");
}

export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map(csvLine).join("\n") + "\n";
}

/** A valid row for HEADER, with a unique name and domain unless overridden. */
export function productRow(overrides: Partial<Record<string, string>> = {}, header = HEADER): string[] {
  const id = crypto.randomBytes(4).toString("hex");
  const defaults: Record<string, string> = {
    product_name: `Zephyr Planner ${id}`,
    headline: "Plan your week in minutes",
    tagline: "Plans that keep themselves",
    description: LONG_DESCRIPTION,
    pricing: "freemium",
    website_url: `https://zephyr-${id}.example.com`,
    link: `https://zephyr-${id}.example.com`,
    topics: "planning, productivity",
    logo_url: "",
    niche: "",
    subcategory: "",
  };
  const values = { ...defaults, ...overrides };
  return header.map((column) => values[column] ?? "");
}

export function writeFixture(name: string, content: string | Buffer): string {
  dir ??= fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-csv-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

export const opener = (file: string) => () => fs.createReadStream(file);
