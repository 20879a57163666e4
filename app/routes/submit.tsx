import type { Route } from "./+types/submit";
import { useSiteEnv } from "~/domain/root-data";
import { SuggestForm } from "~/features/suggest/components/suggest-form";
import { suggestAction, suggestLoader } from "~/features/suggest/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  // Each suggestion's text may travel in the address (?text=): no copies of the form in search engines.
  return [{ title: `Suggest a Resource | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ request }: Route.LoaderArgs) {
  return suggestLoader(request);
}

export function action({ request }: Route.ActionArgs) {
  return suggestAction(request);
}

export default function SubmitPage({ loaderData }: Route.ComponentProps) {
  const { SITE_NAME } = useSiteEnv();
  return (
    <div className="mx-auto max-w-2xl rounded-lg border bg-card p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">Suggest a Resource</h1>
      <p className="mt-3 text-muted-foreground">
        Know something that belongs in {SITE_NAME}? Tell us about it. Our team reviews every suggestion, and the ones that fit are added to the
        directory for everyone to discover.
      </p>
      <p className="mt-3 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">We accept</span> software tools, apps, web apps and online communities, free or paid,
        for beginners and experts alike. Own the product? Use List My Product instead, so you can manage the listing yourself.
      </p>
      <div className="mt-6">
        <SuggestForm initialText={loaderData.text} />
      </div>
    </div>
  );
}
