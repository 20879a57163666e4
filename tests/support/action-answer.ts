/**
 * What a loader or action answered, thrown or returned, as a test reads it: a Response (a redirect,
 * a file) by its status, Location and Set-Cookie; React Router's `data(...)` by its status and body.
 */
export interface ActionAnswer {
  status: number;
  location: string | null;
  cookies: string;
  body: Record<string, unknown> | null;
}

export async function answerOf(call: () => Promise<unknown>): Promise<ActionAnswer> {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), cookies: result.headers.get("Set-Cookie") ?? "", body: null };
  const { data, init } = result as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, location: null, cookies: "", body: data as Record<string, unknown> };
}
