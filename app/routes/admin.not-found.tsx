import { data, Link } from "react-router";
import type { Route } from "./+types/admin.not-found";
import { requireAdmin } from "~/features/auth/session.server";

export function meta() {
  return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
}

/** Unknown admin paths: still admins only, then a 404 inside the admin layout. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="text-muted-foreground">The page you&apos;re looking for doesn&apos;t exist or has been moved.</p>
      <Link to="/" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
        Back to Home
      </Link>
    </div>
  );
}
