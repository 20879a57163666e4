import type { Route } from "./+types/submit-product-details";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { WizardPage } from "~/features/makers/wizard/components/wizard-page";
import { wizardAction, wizardLoader } from "~/features/makers/wizard/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Submit your product | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return wizardLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return wizardAction(request, context);
}

export default function SubmitProductDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <WizardPage view={loaderData} answer={actionData} />;
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Product Not Found" />;
}
