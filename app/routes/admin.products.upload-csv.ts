import { adminAction, writeOnlyAdminLoader } from "~/domain/auth/admin-route.server";
import { uploadCsvAction } from "~/features/catalog-import/requests/upload.server";

// POST only: the CSV file streams in as the body (server/body-limit.ts caps it); GET has nothing to show.
export const loader = writeOnlyAdminLoader;

export const action = adminAction(uploadCsvAction);
