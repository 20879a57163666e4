/** Tests may create and drop databases: only ever on this machine. */
export function assertLocalDatabaseUrl(url: string): URL {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  const local = ["localhost", "127.0.0.1", "::1", ""].includes(host) || host.startsWith("127.") || host.startsWith("/");
  if (!local) {
    throw new Error(`Refusing to run tests against the non-local database host "${parsed.hostname}". Use a local PostgreSQL.`);
  }
  return parsed;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
