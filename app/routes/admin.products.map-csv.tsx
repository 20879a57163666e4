import { adminLoader, readOnlyAdminAction } from "~/domain/auth/admin-route.server";
import { mapCsvIndexLoader } from "~/features/catalog-import/requests/upload.server";

// The spec's route: the newest import awaiting mapping, or the Bulk Upload tab when there is none.
export const loader = adminLoader(mapCsvIndexLoader);

// Nothing to post here: writes are refused, behind the same gate.
export const action = readOnlyAdminAction;
