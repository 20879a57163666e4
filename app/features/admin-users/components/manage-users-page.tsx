import { SearchIcon } from "lucide-react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { ActionErrorNote, useActionError } from "~/components/admin/action-error";
import { Badge, StatCards } from "~/components/admin/cards";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DataTable } from "~/components/admin/data-table";
import { Pager } from "~/components/admin/pager";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { shownRange } from "~/lib/paging";
import { MAX_QUERY_LENGTH, PAGE_SIZE, usersHref, type UserFilters } from "../admin-users";

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

/** The user's name with the Admin and Suspended badges that apply. */
function NameLine({ user, name, className }: { user: Pick<UserRowData, "admin" | "suspended">; name: string; className: string }) {
  return (
    <p className={cn("flex flex-wrap items-center", className)}>
      <span className="break-all">{name}</span>
      {user.admin ? <Badge className="border-primary/40 bg-primary/10 text-foreground">Admin</Badge> : null}
      {user.suspended ? <Badge className="border-destructive/40 bg-destructive/10 text-destructive dark:text-red-300">Suspended</Badge> : null}
    </p>
  );
}

/** Suspend or Restore, after a confirmation; the action answers with a redirect back and a toast. */
function SuspendButton({ user, adminId }: { user: UserRowData; adminId: string }) {
  const busy = useNavigation().state === "submitting";
  const name = displayName(user);
  if (!user.suspended && (user.admin || user.id === adminId)) return null;
  const suspend = !user.suspended;
  return (
    <ConfirmDialog
      className="max-w-md"
      trigger={
        <Button size="sm" variant={suspend ? "destructive" : "outline"} aria-label={`${suspend ? "Suspend" : "Restore"} ${name}`}>
          {suspend ? "Suspend" : "Restore"}
        </Button>
      }
      title={suspend ? `Suspend ${name}?` : `Restore ${name}?`}
      description={
        suspend
          ? "They are signed out everywhere at once, cannot sign in again and their reviews are hidden until you restore them."
          : "They can sign in again and their reviews are shown again."
      }
      fields={{ intent: suspend ? "suspend" : "restore", userId: user.id }}
      confirm={{ label: suspend ? "Suspend user" : "Restore user", busy, variant: suspend ? "destructive" : "default" }}
    />
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
            <NameLine user={details} name={name} className="gap-2 font-semibold" />
            <p className="text-sm break-all text-muted-foreground">{details.email}</p>
            {details.career ? <p className="text-sm">{details.career}</p> : null}
          </div>
        </div>
        <StatCards
          className="grid-cols-2 gap-2 sm:grid-cols-3"
          valueClassName="font-semibold"
          items={[
            { label: "Products submitted", value: details.products.toLocaleString("en") },
            { label: "Reviews", value: details.reviews.toLocaleString("en") },
            { label: "Upvotes", value: details.upvotes.toLocaleString("en") },
            { label: "Joined", value: dateFormat.format(new Date(details.created_at)) },
            { label: "Last active", value: details.last_active_at ? dateTimeFormat.format(new Date(details.last_active_at)) : "Never" },
            { label: "Status", value: details.suspended ? `Suspended ${details.suspended_at ? dateFormat.format(new Date(details.suspended_at)) : ""}`.trim() : "Active" },
          ]}
        />
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
  const { from, to } = shownRange(list.page, PAGE_SIZE, list.rows.length);
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
      <ActionErrorNote error={error} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {list.total === 0
          ? filters.q
            ? `No users match "${filters.q}".`
            : "No users yet."
          : `Showing ${from.toLocaleString("en")}–${to.toLocaleString("en")} of ${list.estimated ? "about " : ""}${list.total.toLocaleString("en")} users${list.estimated ? " (estimate)" : ""}`}
      </p>
      <DataTable
        rows={list.rows.map((user) => ({ id: user.id, name: displayName(user), user }))}
        caption="Users"
        label="Users table"
        minWidth="min-w-[36rem]"
        columns={[
          {
            header: "User",
            cell: ({ user, name }) => (
              <div className="flex items-center gap-2">
                <Avatar name={name} src={user.avatar} />
                <div className="min-w-0">
                  <NameLine user={user} name={name} className="gap-1.5 font-medium" />
                  <p className="break-all text-muted-foreground">{user.email}</p>
                </div>
              </div>
            ),
          },
          { header: "Career", cell: ({ user }) => user.career ?? <span className="text-muted-foreground">—</span> },
          { header: "Joined", className: "whitespace-nowrap", cell: ({ user }) => dateFormat.format(new Date(user.created_at)) },
          {
            header: "Actions",
            headerClassName: "text-right",
            cell: ({ user, name }) => (
              <div className="flex justify-end gap-2">
                <Button asChild size="sm" variant="outline">
                  <Link to={usersHref({ ...filters, user: user.id })} preventScrollReset aria-label={`Details of ${name}`}>
                    Details
                  </Link>
                </Button>
                <SuspendButton user={user} adminId={data.adminId} />
              </div>
            ),
          },
        ]}
      />
      <Pager page={list.page} pageCount={list.pageCount} about={list.estimated} label="Pagination" href={(page) => usersHref({ q: filters.q, page })} />
      <DetailsDialog data={data} />
    </div>
  );
}
