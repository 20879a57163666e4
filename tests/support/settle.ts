/** What a loader or action answered, whether it returned or threw it. */
export interface Settled {
  status: number;
  location: string | null;
  /** The Set-Cookie header of a Response ("" when none). */
  cookie: string;
  /** The data of `data(body, init)` or a plain return; null for a Response (a redirect, say). */
  body: Record<string, unknown> | null;
}

interface WithInit {
  type?: unknown;
  data?: unknown;
  init?: ResponseInit | null;
}

const isDataWithInit = (value: unknown): value is WithInit =>
  typeof value === "object" && value !== null && (value as WithInit).type === "DataWithResponseInit";

/**
 * Calls a loader or action (or a feature's handler) and reads its answer as the server would send
 * it: a Response or React Router's `data(body, init)`, returned or thrown, or a plain body. Any
 * other thrown value is a failure of the test's subject and is thrown again.
 */
export async function settle(call: () => unknown): Promise<Settled> {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), cookie: result.headers.get("Set-Cookie") ?? "", body: null };
  }
  if (isDataWithInit(result)) return { status: result.init?.status ?? 200, location: null, cookie: "", body: result.data as Record<string, unknown> };
  return { status: 200, location: null, cookie: "", body: result as Record<string, unknown> | null };
}
