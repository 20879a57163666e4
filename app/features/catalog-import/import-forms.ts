/** The mapping page's forms (decision 031): one schema per intent, shared by the page and its action. */
import * as z from "zod/mini";

const id = z.pipe(
  z.string().check(z.regex(/^\d{1,9}$/, "Choose from the list")),
  z.transform((v) => Number(v)),
);
const optionalId = z.pipe(
  z.optional(z.string().check(z.regex(/^(\d{1,9})?$/, "Choose from the list"))),
  z.transform((v) => (v ? Number(v) : null)),
);

/** A niche ("" keeps the file's own values) and an optional subcategory. */
const placement = {
  niche: optionalId,
  subcategory: optionalId,
};

export const mapAllSchema = z.object({ intent: z.literal("map-all"), ...placement });
export const mapGroupSchema = z.object({ intent: z.literal("map-group"), group: z.string().check(z.maxLength(300)), ...placement });
export const mapRowSchema = z.object({ intent: z.literal("map-row"), row: id, ...placement });
export const excludeSchema = z.object({
  intent: z.enum(["exclude", "include"]),
  row: id,
});
/** The import form: what the products become is part of it (issue 36, item 8); `confirmed` answers the confirmation step. */
export const proceedSchema = z.object({
  intent: z.literal("proceed"),
  status: z.enum(["live", "draft"], "Choose Published or Draft"),
  confirmed: z.optional(z.literal("yes")),
});
export const discardSchema = z.object({ intent: z.literal("discard") });
/** Discard from the imports list: which import. */
export const discardListSchema = z.object({ intent: z.literal("discard"), import: id });

export const PREVIEW_FILTERS = ["all", "ready", "no-niche", "duplicates", "problems", "excluded"] as const;
export type PreviewFilter = (typeof PREVIEW_FILTERS)[number];
