/**
 * Lets a benchmark run under tsx import route modules written for Vite's server build: Vite
 * replaces `import.meta.env.SSR` with `true` there, which plain Node leaves undefined. A module
 * loader hook does the same replacement on the app's own modules (after tsx has compiled them).
 * Call `useServerBuildEnv()` before the first dynamic import of a route.
 */
import { register } from "node:module";

const hook = `
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.includes("/app/") || url.includes("/node_modules/") || result.source == null) return result;
  const source = typeof result.source === "string" ? result.source : new TextDecoder().decode(result.source);
  if (!source.includes("import.meta.env")) return result;
  return { ...result, source: source.replaceAll("import.meta.env.SSR", "true").replaceAll("import.meta.env.DEV", "false") };
}
`;

let registered = false;
export function useServerBuildEnv(): void {
  if (registered) return;
  registered = true;
  register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url);
}
