import type { Route } from "./+types/admin.bulk-remap";
import { adminMeta } from "~/components/admin/meta";
import { BulkRemapPage } from "~/features/admin-products/components/bulk-remap-page";
import { remapAction, remapLoader } from "~/features/admin-products/requests.server";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";

export const meta = adminMeta("Bulk Remap");

/** The chosen products come as `ids=1,2,3` in the URL (not navigation state), so a reload keeps them. */
export const loader = adminLoader(remapLoader);

export const action = adminAction(remapAction);

export default function BulkRemap({ loaderData }: Route.ComponentProps) {
  return <BulkRemapPage data={loaderData} />;
}
