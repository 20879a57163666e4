import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/** The server-rendered HTML of `element`, without the `<!-- -->` markers React puts between adjacent texts. */
export function renderHtml(element: ReactElement): string {
  return renderToString(element).replaceAll("<!-- -->", "");
}
