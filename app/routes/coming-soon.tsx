import { Link, useMatches } from "react-router";
import type { Route } from "./+types/coming-soon";
import { requireUser } from "~/domain/auth/session.server";

const TITLES: Record<string, string> = {
  "submit-product-details": "Submit Product Details",
};

export function meta({ matches }: Route.MetaArgs) {
  const id = matches.at(-1)?.id ?? "";
  return [{ title: TITLES[id] ?? "Coming soon" }, { name: "robots", content: "noindex" }];
}

/** Signed-in users only (signed-out visitors go to /auth and come back here). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  return null;
}

export default function ComingSoon() {
  const id = useMatches().at(-1)?.id ?? "";
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{TITLES[id] ?? "Coming soon"}</h1>
      <p className="text-muted-foreground">This page is coming soon.</p>
      <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
        Back to Profile
      </Link>
    </div>
  );
}
