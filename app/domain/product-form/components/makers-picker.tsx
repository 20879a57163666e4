import { LoaderCircleIcon, PlusIcon, XIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { MAKERS_LIMIT } from "../fields";
import type { MakerOption } from "../taxonomy";
import { useControllable } from "./use-controllable";

export const MAKER_SEARCH_FAILED = "Failed to search for users. Please try again.";

export interface MakersPickerProps {
  /** Hidden inputs' name (one per maker id); default `makers`. */
  name?: string;
  value?: MakerOption[];
  defaultValue?: MakerOption[];
  onChange?: (makers: MakerOption[]) => void;
  /** Makers that cannot be removed here (the submitter in the wizard). */
  lockedIds?: string[];
  error?: string;
  label?: React.ReactNode;
  /** The search endpoint (GET ?q=); default `/makers/search`. */
  searchUrl?: string;
  max?: number;
  disabled?: boolean;
}

type SearchState =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "done"; users: MakerOption[] }
  | { kind: "failed"; message: string };

const display = (maker: MakerOption) => maker.username ?? maker.email ?? "Unnamed user";

/**
 * Add and remove a product's makers: a search box (2 or more characters, after a short pause)
 * lists matching people (by username; by e-mail too for admins, which the server decides) with
 * Add buttons; the chosen makers are chips with Remove buttons and post as hidden `makers` inputs.
 */
export function MakersPicker({
  name = "makers",
  value,
  defaultValue = [],
  onChange,
  lockedIds = [],
  error,
  label = "Search users",
  searchUrl = "/makers/search",
  max = MAKERS_LIMIT,
  disabled,
}: MakersPickerProps) {
  const [makers, setMakers] = useControllable(value, defaultValue, onChange);
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState<SearchState>({ kind: "idle" });
  const id = useId().replace(/:/g, "");
  const inputRef = useRef<HTMLInputElement>(null);
  const text = query.trim();

  useEffect(() => {
    if ([...text].length < 2) {
      setSearch({ kind: "idle" });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setSearch({ kind: "searching" });
      try {
        const response = await fetch(`${searchUrl}?q=${encodeURIComponent(text)}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
        const body = (await response.json().catch(() => null)) as { users?: MakerOption[]; error?: string } | null;
        if (!response.ok || !body?.users) {
          setSearch({ kind: "failed", message: response.status === 429 && body?.error ? body.error : MAKER_SEARCH_FAILED });
          return;
        }
        setSearch({ kind: "done", users: body.users });
      } catch {
        if (!controller.signal.aborted) setSearch({ kind: "failed", message: MAKER_SEARCH_FAILED });
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, searchUrl]);

  const full = makers.length >= max;
  const results = search.kind === "done" ? search.users : [];

  function add(maker: MakerOption) {
    if (full || makers.some((item) => item.id === maker.id)) return;
    setMakers([...makers, maker]);
    setQuery("");
    inputRef.current?.focus();
  }

  function remove(maker: MakerOption) {
    setMakers(makers.filter((item) => item.id !== maker.id));
  }

  const status =
    [...text].length < 2
      ? text
        ? "Type at least 2 characters."
        : ""
      : search.kind === "searching"
        ? "Searching..."
        : search.kind === "failed"
          ? search.message
          : search.kind === "done"
            ? search.users.length
              ? `${search.users.length} ${search.users.length === 1 ? "user" : "users"} found.`
              : "No users found."
            : "";

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby={`${id}-chosen`} className="flex flex-col gap-2">
        <h3 id={`${id}-chosen`} className="text-sm font-medium">
          Makers ({makers.length})
        </h3>
        {makers.length ? (
          <ul className="flex flex-col gap-2">
            {makers.map((maker) => (
              <li key={maker.id} className="flex items-center gap-3 rounded-md border bg-card px-3 py-2">
                <Avatar name={display(maker)} src={maker.avatar_url} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-sm font-medium">{display(maker)}</span>
                  {maker.email ? <span className="truncate text-xs text-muted-foreground">{maker.email}</span> : null}
                </span>
                {lockedIds.includes(maker.id) ? (
                  <span className="text-xs text-muted-foreground">Submitter</span>
                ) : (
                  <Button type="button" variant="ghost" size="sm" onClick={() => remove(maker)} disabled={disabled} aria-label={`Remove ${display(maker)}`}>
                    <XIcon aria-hidden />
                    Remove
                  </Button>
                )}
                <input type="hidden" name={name} value={maker.id} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No makers yet.</p>
        )}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </section>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          {label}
        </label>
        <div className="relative">
          <input
            ref={inputRef}
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter adds the only result instead of sending the surrounding form.
              if (event.key !== "Enter") return;
              event.preventDefault();
              if (results.length === 1 && results[0]) add(results[0]);
            }}
            disabled={disabled || full}
            placeholder={full ? `At most ${max} makers` : "Username (at least 2 characters)"}
            autoComplete="off"
            maxLength={100}
            aria-describedby={`${id}-status`}
            className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 pr-9 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 md:text-sm"
          />
          {search.kind === "searching" ? (
            <LoaderCircleIcon aria-hidden className="absolute top-3 right-3 size-4 animate-spin text-muted-foreground" />
          ) : null}
        </div>
        <p id={`${id}-status`} role="status" className="min-h-5 text-xs text-muted-foreground">
          {status}
        </p>
        {results.length ? (
          <ul aria-label="Search results" className="flex flex-col gap-1 rounded-md border bg-popover p-1 text-popover-foreground">
            {results.map((user) => {
              const chosen = makers.some((item) => item.id === user.id);
              return (
                <li key={user.id} className="flex items-center gap-3 rounded px-2 py-1.5">
                  <Avatar name={display(user)} src={user.avatar_url} className="size-7" />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm">{display(user)}</span>
                    {user.email ? <span className="truncate text-xs text-muted-foreground">{user.email}</span> : null}
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => add(user)}
                    disabled={disabled || chosen || full}
                    aria-label={chosen ? `${display(user)} is a maker` : `Add ${display(user)}`}
                  >
                    {chosen ? null : <PlusIcon aria-hidden />}
                    {chosen ? "Added" : "Add"}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
