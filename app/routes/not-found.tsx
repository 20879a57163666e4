import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="text-muted-foreground">The page you&apos;re looking for doesn&apos;t exist or has been moved.</p>
      <Link to="/" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
        Back to Home
      </Link>
    </div>
  );
}
