/** A JSON error naming the parameter at fault: `{ "error": { "parameter", "message" } }`. */
export function parameterError(parameter: string, message: string, status = 400) {
  return Response.json({ error: { parameter, message } }, { status, headers: { "Cache-Control": "no-store" } });
}

export function jsonError(message: string, status: number) {
  return Response.json({ error: { message } }, { status, headers: { "Cache-Control": "no-store" } });
}

export function publicJson(body: unknown, maxAgeSeconds = 60) {
  return Response.json(body, { headers: { "Cache-Control": `public, max-age=${maxAgeSeconds}` } });
}
