import { Outlet, data, isRouteErrorResponse, redirect, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/admin";
import { FlashToaster } from "~/components/flash-toaster";
import { NotFoundState, PAGE_NOT_FOUND_MESSAGE } from "~/components/not-found-state";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { requireAdmin, signOut } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { setFlash } from "~/domain/flash.server";
import { useSiteEnv } from "~/domain/root-data";
import { adminNavCounts } from "~/features/reports/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Admin | ${siteName}` }, { name: "robots", content: "noindex" }];
}

/** Every admin page: a live session and an admin_users entry (each child route checks again). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { email: admin.email, counts: await adminNavCounts() };
}

/** Logout from the side navigation: ends the session and goes to the Admin Portal. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") !== "logout") throw data({ error: "Unknown action" }, { status: 400 });
  const headers = await signOut(request);
  headers.append("Set-Cookie", await setFlash({ kind: "success", message: "Signed Out" }));
  return redirect("/login", { headers });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { SITE_NAME } = useSiteEnv();
  return (
    <AdminShell siteName={SITE_NAME} email={loaderData.email} counts={loaderData.counts}>
      <Outlet />
      <FlashToaster />
    </AdminShell>
  );
}

/** A failure in an admin page without its own boundary: the message inside the admin shell, so the navigation stays. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin");
  const { SITE_NAME } = useSiteEnv();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page Not Found" : "Something went wrong";
  const message = notFound ? PAGE_NOT_FOUND_MESSAGE : "An unexpected error occurred. Please try again later.";
  const content = (
    <>
      <title>{title}</title>
      <NotFoundState title={title} message={message} className="min-h-[50vh]" />
    </>
  );
  if (!layout) return <main className="p-6">{content}</main>;
  return (
    <AdminShell siteName={SITE_NAME} email={layout.email}>
      {content}
      <FlashToaster />
    </AdminShell>
  );
}
