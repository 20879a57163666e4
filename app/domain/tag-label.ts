/**
 * A tag as words: `password-manager` reads "password manager". Tags are stored and linked as
 * typed (the URL keeps the stored form); only the label changes.
 */
export function tagLabel(tag: string): string {
  return tag.replace(/[-_]+/g, " ").replace(/\s+/g, " ").trim();
}
