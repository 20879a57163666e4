import { data } from "react-router";
import { NotFoundState, PAGE_NOT_FOUND_MESSAGE } from "~/components/not-found-state";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundState title="Page Not Found" message={PAGE_NOT_FOUND_MESSAGE} className="min-h-[50vh]" />;
}
