import { redirect } from "react-router";

/** A category URL without its slug goes home, as the spec says. */
export function loader() {
  throw redirect("/");
}

export default function RedirectHome() {
  return null;
}
