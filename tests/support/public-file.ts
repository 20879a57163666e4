import { expect } from "vitest";

/** A file every crawler and reader may cache for an hour (robots.txt, sitemaps, the feed): its text. */
export async function publicFileText(response: Response, contentType: string): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe(contentType);
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  return response.text();
}
