import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "~/components/toaster";
import { useSessionUser } from "~/domain/root-data";
import { bookmarkNotice, MESSAGES, toggleFormPath, type ToggleKind } from "./engagement";
import {
  mergeEntry,
  rememberPending,
  requestViewerState,
  sendToggle,
  syncStoreOwner,
  takePending,
  useEngagementEntry,
} from "./store";

const KEYS = {
  upvote: { active: "upvoted", count: "upvotes" },
  bookmark: { active: "bookmarked", count: "bookmarks" },
} as const;

function failureMessage(kind: ToggleKind, status: number, message: string | null): string {
  if (status === 429 && message) return message;
  if (status === 404) return MESSAGES.upvoteNotFound;
  if (kind === "upvote") return status === 403 ? MESSAGES.upvoteForbidden : MESSAGES.upvoteFailed;
  return MESSAGES.bookmarkFailed;
}

/**
 * An upvote or save toggle: shows the change at once, sends it, keeps the server's answer (state
 * and count) or reverts with the spec's message. Signed-out visitors get the sign-in dialog, and
 * the action they asked for is applied when they come back signed in.
 */
export function useEngagementToggle(options: { kind: ToggleKind; productId: number; active?: boolean; count?: number }) {
  const { kind, productId, active, count } = options;
  const keys = KEYS[kind];
  const user = useSessionUser();
  const userId = user?.id ?? null;
  syncStoreOwner(userId);
  const entry = useEngagementEntry(productId);
  const [optimistic, setOptimistic] = useState<{ active: boolean; count: number | undefined } | null>(null);
  const [authOpen, setAuthOpen] = useState(false);
  const busy = useRef(false);

  const shown = {
    active: optimistic?.active ?? entry?.[keys.active] ?? active ?? false,
    count: optimistic ? optimistic.count : (entry?.[keys.count] ?? count),
  };
  const shownRef = useRef(shown);
  shownRef.current = shown;

  // The page's own per-viewer state (a signed-in product page) is the freshest there is.
  useEffect(() => {
    if (!userId || active === undefined) return;
    mergeEntry(productId, count === undefined ? { [keys.active]: active } : { [keys.active]: active, [keys.count]: count });
  }, [userId, productId, active, count, keys]);

  // Pages cached for everyone (lists) don't know what this viewer did: ask after hydration.
  useEffect(() => {
    if (userId && active === undefined) requestViewerState(productId);
  }, [userId, productId, active]);

  const run = useCallback(
    async (on: boolean) => {
      if (busy.current) return;
      busy.current = true;
      const before = shownRef.current;
      const delta = on === before.active ? 0 : on ? 1 : -1;
      setOptimistic({ active: on, count: before.count === undefined ? undefined : Math.max(0, before.count + delta) });
      const outcome = await sendToggle(kind, productId, on);
      if (outcome.ok) {
        const body = outcome.body;
        mergeEntry(productId, { [keys.active]: body[keys.active] ?? on, ...(body[keys.count] === undefined ? {} : { [keys.count]: body[keys.count] }) });
        if (kind === "bookmark") {
          const notice = bookmarkNotice(on, body.changed);
          notify[notice.kind](notice.message);
        }
      } else if (outcome.status === 401) {
        setAuthOpen(true);
      } else {
        notify.error(failureMessage(kind, outcome.status, outcome.message));
      }
      setOptimistic(null);
      busy.current = false;
    },
    [kind, productId, keys],
  );

  // Back from signing in: apply the upvote or save asked for before (once, idempotently).
  useEffect(() => {
    if (userId && takePending(kind, productId)) void run(true);
  }, [userId, kind, productId, run]);

  const toggle = useCallback(() => {
    if (!userId) {
      setAuthOpen(true);
      return;
    }
    void run(!shownRef.current.active);
  }, [userId, run]);

  return {
    active: shown.active,
    count: shown.count,
    pending: optimistic !== null,
    toggle,
    /** The plain form's address, for a page whose scripts never arrive. */
    action: toggleFormPath(kind, productId),
    signedIn: userId !== null,
    authOpen,
    setAuthOpen,
    rememberForSignIn: () => rememberPending(kind, productId),
  };
}
