import { openApiDocument } from "~/features/api-docs/api-docs";
import { publicJson } from "~/lib/api.server";
import { env } from "~/lib/env.server";

/** GET /api/v1/openapi.json */
export function loader() {
  const { APP_URL, SITE_NAME } = env();
  return publicJson(openApiDocument(APP_URL, SITE_NAME), 3600);
}
