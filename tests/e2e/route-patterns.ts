import routes from "../../app/routes";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

function patterns(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return [...(entry.path !== undefined || entry.index ? [own || "/"] : []), ...patterns(entry.children ?? [], own)];
  });
}

/** Every URL pattern of app/routes.ts (layouts add nothing, an index is its parent's path; the site's catch-all is "/*"). */
export const ROUTE_PATTERNS = [...new Set(patterns(routes as RouteEntry[]))];
