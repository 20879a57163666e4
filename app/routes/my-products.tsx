import type { Route } from "./+types/my-products";
import { MyProductsList } from "~/features/makers/components/my-products-list";
import { myProductsAction, myProductsLoader } from "~/features/makers/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `My Products | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return myProductsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return myProductsAction(request, context);
}

export default function MyProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <MyProductsList {...loaderData} error={actionData?.error} />;
}
