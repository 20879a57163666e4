import type { RootData } from "~/domain/root-data";

/** A route's meta arguments as far as these helpers read them: the root match comes first. */
interface RootMatchArgs {
  matches: readonly [({ loaderData?: Pick<RootData, "env"> } | undefined)?, ...unknown[]];
}

/** Admin pages stay out of search engines. */
export const NOINDEX = { name: "robots", content: "noindex" } as const;

/** "<title> | <site name> Admin": the site name from the root loader, as every admin page's tab shows it. */
export function adminTitle({ matches }: RootMatchArgs, title: string): string {
  const siteName = matches[0]?.loaderData?.env.SITE_NAME ?? "Toolnest";
  return `${title} | ${siteName} Admin`;
}

/** The meta export of an admin page with a fixed title: `export const meta = adminMeta("Manage Users")`. */
export function adminMeta(title: string) {
  return (args: RootMatchArgs) => [{ title: adminTitle(args, title) }, NOINDEX];
}

/** The meta export of an admin page whose title is exactly `title` (the spec names some without the site): noindex too. */
export function noindexMeta(title: string) {
  return () => [{ title }, NOINDEX];
}
