import { adminLoader, readOnlyAdminAction } from "~/domain/auth/admin-route.server";
import { feedbackCsvLoader } from "~/features/admin-feedback/requests.server";

/** The filtered feedback as a streamed CSV download: admins only. */
export const loader = adminLoader(feedbackCsvLoader);

// A download only: writes are refused, behind the same gate.
export const action = readOnlyAdminAction;
