/** The product's website with `ref={site}` added, as directories do. */
export function outboundUrl(websiteUrl: string, siteName: string): string {
  try {
    const url = new URL(websiteUrl);
    if (!url.searchParams.has("ref")) url.searchParams.set("ref", siteName.toLowerCase().replace(/[^a-z0-9]+/g, ""));
    return url.toString();
  } catch {
    return websiteUrl;
  }
}
