import type { Route } from "./+types/advertise";
import { AdvertisePage } from "~/features/promotion/components/advertise-page";
import { advertiseAction, advertiseLoader } from "~/features/promotion/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [
    { title: `Advertise | ${siteName}` },
    { name: "description", content: `Put your product in the ${siteName} Spotlight: 60% off, from 40 per month.` },
  ];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return advertiseLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return advertiseAction(request, context);
}

export default function Advertise({ loaderData, actionData }: Route.ComponentProps) {
  return <AdvertisePage {...loaderData} errors={actionData?.errors} />;
}
