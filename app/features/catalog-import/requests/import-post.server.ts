import { getDb } from "~/db/registry.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { findImport } from "../queries/summary.server";

/**
 * A post to one import's page (its mapping, its progress): refused cross-site and for anyone but
 * an admin, 404 for an import the URL does not name; then the import's record and the form.
 */
export async function importPost(request: Request, context: unknown, param: string | undefined) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  const db = getDb();
  const record = await findImport(db, param);
  const form = await request.formData();
  return { admin, db, record, form };
}
