import { z } from "zod";

/**
 * Where the next page of a list starts: in the "created today" group (by created_at, id) or in
 * the day's shuffled order (by rank). Opaque to clients.
 */
const cursorSchema = z.discriminatedUnion("p", [
  z.object({ p: z.literal("n"), d: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), f: z.iso.datetime(), c: z.iso.datetime(), i: z.number().int().positive() }),
  z.object({ p: z.literal("r"), d: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), f: z.iso.datetime(), r: z.number().int().min(0) }),
]);

export type ListCursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** The cursor, or null when it is not one of ours. */
export function decodeCursor(raw: string): ListCursor | null {
  if (raw.length > 500) return null;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
