/** The CSV format of the bulk upload, safe for the browser too: the spec's messages, the columns, the template. */

/** The spec's messages, word for word. */
export const CSV_MESSAGES = {
  notCsv: "Please upload a valid CSV file",
  noData: "No data found in CSV file",
  noValidData: "No valid data found in CSV file",
  missingFields: "Missing required fields:",
  parseFailed: "Failed to parse CSV file. Please check the file format.",
} as const;

/** The upload's body did not arrive within the server's time for it (server/body-limit.ts answers 408). */
export const UPLOAD_TIMED_OUT_MESSAGE =
  "The upload took too long and was stopped: nothing was imported. Try again on a faster connection, or split the file into smaller ones.";

export const REQUIRED_COLUMNS = ["product_name", "headline", "tagline", "description", "pricing", "website_url"] as const;
export const OPTIONAL_COLUMNS = ["link", "topics", "logo_url", "niche", "subcategory"] as const;
export type CsvColumn = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

/** Every column, in the template's order (link is the alternative to website_url). */
export const TEMPLATE_COLUMNS: CsvColumn[] = [
  "product_name",
  "headline",
  "tagline",
  "description",
  "pricing",
  "website_url",
  "link",
  "topics",
  "logo_url",
  "niche",
  "subcategory",
];

export const TEMPLATE_EXAMPLE: Record<CsvColumn, string> = {
  product_name: "Example Planner",
  headline: "Plan your week in minutes",
  tagline: "Plans that keep themselves",
  description: "Example Planner helps small teams plan, write and ship their work without losing track of the details.",
  pricing: "freemium",
  website_url: "https://planner.example.com",
  link: "",
  topics: "planning, productivity",
  logo_url: "",
  niche: "",
  subcategory: "",
};

export const TEMPLATE_FILE_NAME = "product_template.csv";

/** The format requirements listed beside the drop area. */
export const FORMAT_REQUIREMENTS = [
  "A .csv file saved as UTF-8 (in Excel: CSV UTF-8), separated by commas, with a header row.",
  "Required columns: product_name, headline, tagline, description, pricing, and website_url (or link).",
  "Optional columns: topics (comma-separated), logo_url, niche and subcategory.",
  "Pricing is free, freemium, premium, paid or subscription; anything else is imported as free.",
  "Descriptions may use simple HTML (paragraphs, lists, bold, italics, links); anything else is removed.",
  "One product per row; empty rows are dropped. Up to 100,000 rows.",
] as const;

/** Largest file the upload accepts by default (MAX_CSV_UPLOAD_BYTES). */
export const DEFAULT_MAX_CSV_BYTES = 100 * 1024 * 1024;

/** Rows a preview page shows. */
export const PREVIEW_PAGE_SIZE = 50;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
