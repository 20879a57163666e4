import { data } from "react-router";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { requireAdmin } from "./session.server";

/** What an admin route's loader or action gets from React Router that the gate and its feature need. */
interface AdminRouteArgs {
  request: Request;
  context: unknown;
  params: Readonly<Record<string, string | undefined>>;
}

/** A feature's loader or action; `param` is the route parameter named by the route (see adminLoader). */
type FeatureHandler<Result> = (request: Request, context: unknown, param: string | undefined) => Result;
type PlainHandler<Result> = (request: Request, context: unknown) => Result;

/**
 * An admin page's loader: requireAdmin before anything else (signed-out visitors go to /login,
 * members to "/" with "Access Denied"), then the feature's handler, whose answer is the page's
 * loaderData (React Router's types infer it through this wrapper). Give `param` to pass that
 * route parameter (`"import"` for /admin/imports/:import) as the handler's third argument.
 */
export function adminLoader<Result>(load: PlainHandler<Result>): (args: AdminRouteArgs) => Promise<Awaited<Result>>;
export function adminLoader<Result>(load: FeatureHandler<Result>, param: string): (args: AdminRouteArgs) => Promise<Awaited<Result>>;
export function adminLoader<Result>(load: FeatureHandler<Result>, param?: string) {
  return async ({ request, context, params }: AdminRouteArgs): Promise<Awaited<Result>> => {
    await requireAdmin(request, context);
    return await callHandler(load, request, context, params, param);
  };
}

/**
 * An admin page's action: a write from another site is refused (403) before anything else, then
 * requireAdmin, then the feature's handler (which checks both again: a feature's handler is safe
 * to call from anywhere). `param` as for adminLoader.
 */
export function adminAction<Result>(act: PlainHandler<Result>): (args: AdminRouteArgs) => Promise<Awaited<Result>>;
export function adminAction<Result>(act: FeatureHandler<Result>, param: string): (args: AdminRouteArgs) => Promise<Awaited<Result>>;
export function adminAction<Result>(act: FeatureHandler<Result>, param?: string) {
  return async ({ request, context, params }: AdminRouteArgs): Promise<Awaited<Result>> => {
    assertSameOrigin(request);
    await requireAdmin(request, context);
    return await callHandler(act, request, context, params, param);
  };
}

/** The action of an admin route that only answers reads (a download, a redirect): writes are refused (405), behind the same gate. */
export const readOnlyAdminAction = adminAction(() => refuseMethod("GET, HEAD"));

/** The loader of an admin route that only takes writes (an upload): reads are refused (405), behind the same gate. */
export const writeOnlyAdminLoader = adminLoader(() => refuseMethod("POST"));

function refuseMethod(allow: string): never {
  throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
}

// Only a route that names a parameter passes a third argument: a handler's own optional third
// parameter (an option for tests, say) never receives the route's params by accident.
function callHandler<Result>(handler: FeatureHandler<Result>, request: Request, context: unknown, params: AdminRouteArgs["params"], param: string | undefined) {
  return param === undefined ? (handler as PlainHandler<Result>)(request, context) : handler(request, context, params[param]);
}
