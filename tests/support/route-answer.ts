/**
 * Calling a page's loader or action directly, as the router would: whatever it returns or throws
 * (a redirect Response, `data()` with a status, plain data) read as one answer.
 */
export type RouteAnswer<B = Record<string, unknown>> = { status: number; location: string | null; cookie: string; body: B };

export async function routeAnswer<B = Record<string, unknown>>(call: () => Promise<unknown>): Promise<RouteAnswer<B>> {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), cookie: result.headers.get("Set-Cookie") ?? "", body: {} as B };
  const withInit = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (withInit?.type === "DataWithResponseInit") return { status: withInit.init?.status ?? 200, location: null, cookie: "", body: withInit.data as B };
  return { status: 200, location: null, cookie: "", body: result as B };
}
