import { SearchIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useNavigate, useNavigation } from "react-router";
import { notify } from "~/components/toaster";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { TableScroller } from "~/components/ui/table-scroller";
import { MAX_QUERY_LENGTH, usersHref, type UserFilters } from "../users";

export interface UserRowData {
  id: string;
  username: string | null;
  name: string;
  email: string;
  avatar: string | null;
  career: string | null;
  created_at: string;
  suspended: boolean;
  admin: boolean;
}

export interface UserDetailsData extends UserRowData {
  suspended_at: string | null;
  last_active_at: string | null;
  products: number;
  reviews: number;
  upvotes: number;
}

export interface ManageUsersData {
  filters: UserFilters;
  /** `estimated`: a search matching many users, whose count is an estimate. */
  list: { rows: UserRowData[]; total: number; page: number; pageCount: number; estimated?: boolean };
  details: UserDetailsData | null;
  adminId: string;
}

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function displayName(user: Pick<UserRowData, "username" | "name" | "email">): string {
  return user.username ?? user.name ?? user.email;
}

function Badge({ className, children }: { className?: string; children: string }) {
  return (
    <span className={cn("inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap", className)}>{children}</span>
  );
}

function SuspendedBadge() {
  return <Badge className="border-destructive/40 bg-destructive/10 text-destructive dark:text-red-300">Suspended</Badge>;
}

function AdminBadge() {
  return <Badge className="border-primary/40 bg-primary/10 text-foreground">Admin</Badge>;
}

/** The refusal an action answered (400/403/404), as a toast and as text above the table. */
function useActionError(): string | null {
  const answer = useActionData() as { error?: string } | undefined;
  const error = answer?.error ?? null;
  useEffect(() => {
    if (error) notify.error(error);
  }, [answer, error]);
  return error;
}

/** Suspend or Restore, after a confirmation; the action answers with a redirect back and a toast. */
function SuspendButton({ user, adminId }: { user: UserRowData; adminId: string }) {
  const [open, setOpen] = useState(false);
  const busy = useNavigation().state === "submitting";
  const name = displayName(user);
  if (!user.suspended && (user.admin || user.id === adminId)) return null;
  const suspend = !user.suspended;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" size="sm" variant={suspend ? "destructive" : "outline"} onClick={() => setOpen(true)} aria-label={`${suspend ? "Suspend" : "Restore"} ${name}`}>
        {suspend ? "Suspend" : "Restore"}
      </Button>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{suspend ? `Suspend ${name}?` : `Restore ${name}?`}</DialogTitle>
          <DialogDescription>
            {suspend
              ? "They are signed out everywhere at once, cannot sign in again and their reviews are hidden until you restore them."
              : "They can sign in again and their reviews are shown again."}
          </DialogDescription>
        </DialogHeader>
        <Form method="post" preventScrollReset onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value={suspend ? "suspend" : "restore"} />
          <input type="hidden" name="userId" value={user.id} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant={suspend ? "destructive" : "default"} disabled={busy}>
              {suspend ? "Suspend user" : "Restore user"}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md border bg-card p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function DetailsDialog({ data }: { data: ManageUsersData }) {
  const navigate = useNavigate();
  const details = data.details;
  const close = usersHref({ ...data.filters, user: null });
  if (!details) return null;
  const name = displayName(details);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : void navigate(close, { preventScrollReset: true, replace: true }))}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>User details</DialogTitle>
          <DialogDescription>Profile and activity of {name}.</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-3">
          <Avatar name={name} src={details.avatar} className="size-12" />
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <span className="break-all">{name}</span>
              {details.admin ? <AdminBadge /> : null}
              {details.suspended ? <SuspendedBadge /> : null}
            </p>
            <p className="text-sm break-all text-muted-foreground">{details.email}</p>
            {details.career ? <p className="text-sm">{details.career}</p> : null}
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <Stat label="Products submitted" value={details.products.toLocaleString("en")} />
          <Stat label="Reviews" value={details.reviews.toLocaleString("en")} />
          <Stat label="Upvotes" value={details.upvotes.toLocaleString("en")} />
          <Stat label="Joined" value={dateFormat.format(new Date(details.created_at))} />
          <Stat label="Last active" value={details.last_active_at ? dateTimeFormat.format(new Date(details.last_active_at)) : "Never"} />
          <Stat label="Status" value={details.suspended ? `Suspended ${details.suspended_at ? dateFormat.format(new Date(details.suspended_at)) : ""}`.trim() : "Active"} />
        </dl>
        <DialogFooter>
          <SuspendButton user={details} adminId={data.adminId} />
          <Button asChild variant="outline">
            <Link to={close} preventScrollReset replace>
              Close
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function ManageUsersPage({ data }: { data: ManageUsersData }) {
  const { filters, list } = data;
  const error = useActionError();
  const navigate = useNavigate();
  const from = list.total === 0 ? 0 : (list.page - 1) * 20 + 1;
  const to = (list.page - 1) * 20 + list.rows.length;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Manage Users</h1>
        <p className="text-sm text-muted-foreground">Everyone who has signed in. Suspended users cannot sign in and their reviews are hidden.</p>
      </div>
      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const q = String(new FormData(event.currentTarget).get("q") ?? "");
          void navigate(usersHref({ q: q.trim() }));
        }}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="users-q" className="text-sm font-medium">
            Search users
          </label>
          <Input id="users-q" name="q" type="search" defaultValue={filters.q} maxLength={MAX_QUERY_LENGTH} placeholder="Name or e-mail" key={filters.q} />
        </div>
        <Button type="submit">
          <SearchIcon aria-hidden />
          Search
        </Button>
      </Form>
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive dark:text-red-300">
          {error}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {list.total === 0
          ? filters.q
            ? `No users match "${filters.q}".`
            : "No users yet."
          : `Showing ${from.toLocaleString("en")}–${to.toLocaleString("en")} of ${list.estimated ? "about " : ""}${list.total.toLocaleString("en")} users${list.estimated ? " (estimate)" : ""}`}
      </p>
      <TableScroller label="Users table" className="rounded-lg border bg-card">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Users</caption>
          <thead className="border-b bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                User
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Career
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Joined
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((user) => {
              const name = displayName(user);
              return (
                <tr key={user.id} className="border-b last:border-b-0">
                  <td className="px-3 py-2">
                    <div className="flex items-center gap-2">
                      <Avatar name={name} src={user.avatar} />
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-1.5 font-medium">
                          <span className="break-all">{name}</span>
                          {user.admin ? <AdminBadge /> : null}
                          {user.suspended ? <SuspendedBadge /> : null}
                        </p>
                        <p className="break-all text-muted-foreground">{user.email}</p>
                      </div>
                    </div>
                  </td>
                  <td className="px-3 py-2">{user.career ?? <span className="text-muted-foreground">—</span>}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{dateFormat.format(new Date(user.created_at))}</td>
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-2">
                      <Button asChild size="sm" variant="outline">
                        <Link to={usersHref({ ...filters, user: user.id })} preventScrollReset aria-label={`Details of ${name}`}>
                          Details
                        </Link>
                      </Button>
                      <SuspendButton user={user} adminId={data.adminId} />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroller>
      {list.pageCount > 1 ? (
        <nav aria-label="Pagination" className="flex items-center justify-between gap-2">
          {list.page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link to={usersHref({ q: filters.q, page: list.page - 1 })} preventScrollReset>
                Previous
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <p className="text-sm text-muted-foreground">
            Page {list.page.toLocaleString("en")} of {list.estimated ? "about " : ""}
            {list.pageCount.toLocaleString("en")}
          </p>
          {list.page < list.pageCount ? (
            <Button asChild variant="outline" size="sm">
              <Link to={usersHref({ q: filters.q, page: list.page + 1 })} preventScrollReset>
                Next
              </Link>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <DetailsDialog data={data} />
    </div>
  );
}
