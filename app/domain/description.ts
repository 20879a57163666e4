const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The tagline as the start of a description, or null when there is no tagline. */
function leadingTagline(tagline: string | null, html: boolean): RegExp | null {
  const core = tagline?.trim().replace(/[.!?…]+$/, "").trim();
  if (!core) return null;
  const text = escapeRegExp(html ? escapeHtml(core) : core);
  // The tagline ends the sentence (punctuation), the paragraph (a tag) or the text; never mid-word.
  return new RegExp(`^(\\s*<p>)?\\s*${text}(?:[.!?…:;,]+|(?=\\s*<)|\\s*$)\\s*`, "i");
}

/**
 * The product page shows the tagline right above the description, and many descriptions open with
 * that same sentence. Drops it from the (sanitized) description HTML when the description starts
 * with the tagline, ignoring case, surrounding space and closing punctuation. "" when the
 * description was only the tagline.
 */
export function descriptionWithoutTagline(html: string, tagline: string | null): string {
  const lead = leadingTagline(tagline, true);
  const match = lead?.exec(html);
  if (!match) return html;
  const rest = (match[1] ?? "") + html.slice(match[0].length);
  const cleaned = rest.replace(/^(\s*<p>\s*<\/p>|\s*<br\s*\/?>)+/gi, "").trim();
  return cleaned.replace(/<[^>]*>/g, "").trim() === "" ? "" : cleaned;
}

/** The same for a plain-text description (search results). */
export function textWithoutTagline(text: string, tagline: string | null): string {
  const match = leadingTagline(tagline, false)?.exec(text);
  return match && !match[1] ? text.slice(match[0].length).trim() : text;
}
