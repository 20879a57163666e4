import { adminLoader, readOnlyAdminAction } from "~/domain/auth/admin-route.server";
import { rejectedCsvLoader } from "~/features/catalog-import/requests/progress.server";

export const loader = adminLoader(rejectedCsvLoader, "import");

// A download only: writes are refused, behind the same gate.
export const action = readOnlyAdminAction;
