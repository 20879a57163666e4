import { adminLoader, readOnlyAdminAction } from "~/domain/auth/admin-route.server";
import { templateCsvLoader } from "~/features/catalog-import/requests/upload.server";

export const loader = adminLoader(templateCsvLoader);

// A download only: writes are refused, behind the same gate.
export const action = readOnlyAdminAction;
