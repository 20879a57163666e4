/**
 * A suggestion turned into a draft product (decision 043; issue 36, item 13): the name and the
 * website its text gives. Pure, so the unit tests and the conversion share it.
 */

/** The draft product's name from a suggestion's text: its first words, at most 60 characters. */
export function nameFromSuggestion(text: string | null): string {
  const words = (text ?? "").replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  let name = "";
  for (const word of words.slice(0, 8)) {
    const next = name ? `${name} ${word}` : word;
    if (next.length > 60) break;
    name = next;
  }
  if (!name && words[0]) name = words[0].slice(0, 60);
  return name || "Suggested product";
}

const URL_IN_TEXT = /\b(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?:\/[^\s)\]>"',;]*)?/i;

/** The website a suggestion's text names ("https://penpot.app", "penpot.app"), as an https URL, or null. */
export function websiteFromSuggestion(text: string | null): string | null {
  const match = URL_IN_TEXT.exec(text ?? "");
  if (!match) return null;
  const raw = match[0].replace(/[.!?]+$/, "");
  try {
    const url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
    if (!url.hostname.includes(".")) return null;
    return url.pathname === "/" && !url.search ? url.origin : url.href;
  } catch {
    return null;
  }
}

/**
 * A suggestion turned into a product (issue 36, item 13): its name is what the text says before
 * the first aside ("Penpot (https://penpot.app) — open-source design" gives "Penpot"): a bracket,
 * a dash, a colon, a comma, a sentence's end or the link itself. A text that starts with its link
 * is named after the site ("penpot.app" gives "Penpot"). The rest is left for the admin.
 */
export function productFromSuggestion(text: string | null): { name: string; websiteUrl: string | null } {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  const websiteUrl = websiteFromSuggestion(clean);
  const link = URL_IN_TEXT.exec(clean);
  const before = (link ? clean.slice(0, link.index) : clean).split(/\s[([—–-]\s?|[([—–]|:\s|,\s|\.\s|\s(?:is|are|-)\s/)[0]!.trim();
  let name = before ? nameFromSuggestion(before) : "";
  if (!name && websiteUrl) {
    const label = new URL(websiteUrl).hostname.replace(/^www\./, "").split(".")[0]!;
    name = label.charAt(0).toUpperCase() + label.slice(1);
  }
  return { name: name || nameFromSuggestion(clean), websiteUrl };
}
