/**
 * The signed-in viewer's upvote and save state in the browser, shared by every button showing
 * the same product (a product page's header and a Spotlight card, say). Pages cached for
 * anonymous visitors carry no per-viewer state, so buttons without it ask
 * /api/v1/me/engagement after hydration, batched into one request per page. Client-safe.
 */
import { useSyncExternalStore } from "react";
import { MAX_ENGAGEMENT_IDS, type ToggleKind, type ViewerEngagement } from "./engagement";

export type EngagementEntry = Partial<Omit<ViewerEngagement, "id">>;

let owner: string | null = null;
let entries = new Map<number, EngagementEntry>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets everything when another user (or nobody) is signed in. */
export function syncStoreOwner(userId: string | null) {
  if (owner !== userId) {
    owner = userId;
    entries = new Map();
  }
}

export function mergeEntry(productId: number, patch: EngagementEntry) {
  const current = entries.get(productId);
  if (current && Object.entries(patch).every(([k, v]) => current[k as keyof EngagementEntry] === v)) return;
  entries.set(productId, { ...current, ...patch });
  emit();
}

/** The known state of one product, or undefined (always undefined while rendering on the server and hydrating). */
export function useEngagementEntry(productId: number): EngagementEntry | undefined {
  return useSyncExternalStore(
    subscribe,
    () => entries.get(productId),
    () => undefined,
  );
}

/** Toggles in flight and when the last one started, so an older answer never overwrites a newer write. */
const inFlight = new Map<number, number>();
const lastWriteAt = new Map<number, number>();

let wanted = new Set<number>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** Asks for the viewer's state of this product; requests made together go out as one. */
export function requestViewerState(productId: number) {
  wanted.add(productId);
  flushTimer ??= setTimeout(flush, 0);
}

async function flush() {
  flushTimer = undefined;
  const ids = [...wanted];
  wanted = new Set();
  const requestedFor = owner;
  for (let i = 0; i < ids.length; i += MAX_ENGAGEMENT_IDS) {
    const chunk = ids.slice(i, i + MAX_ENGAGEMENT_IDS);
    const sentAt = performance.now();
    const busyAtSend = new Set(chunk.filter((id) => (inFlight.get(id) ?? 0) > 0));
    try {
      const response = await fetch(`/api/v1/me/engagement?ids=${chunk.join(",")}`, { headers: { Accept: "application/json" } });
      if (!response.ok || owner !== requestedFor) continue;
      const { items } = (await response.json()) as { items: ViewerEngagement[] };
      for (const { id, ...state } of items) {
        if (busyAtSend.has(id) || (lastWriteAt.get(id) ?? -1) >= sentAt) continue;
        mergeEntry(id, state);
      }
    } catch {
      // The buttons keep showing the page's counts; the next page asks again.
    }
  }
}

export type ToggleOutcome =
  | { ok: true; body: { upvoted?: boolean; upvotes?: number; bookmarked?: boolean; bookmarks?: number; changed: boolean } }
  | { ok: false; status: number; message: string | null };

/** PUT (on) or DELETE (off) through the API; never throws. */
export async function sendToggle(kind: ToggleKind, productId: number, on: boolean): Promise<ToggleOutcome> {
  inFlight.set(productId, (inFlight.get(productId) ?? 0) + 1);
  lastWriteAt.set(productId, performance.now());
  try {
    const response = await fetch(`/api/v1/products/${productId}/${kind}`, {
      method: on ? "PUT" : "DELETE",
      headers: { Accept: "application/json" },
    });
    const body = (await response.json().catch(() => null)) as (ToggleOutcome & { ok: true })["body"] & { error?: { message?: string } };
    if (response.ok && body) return { ok: true, body };
    return { ok: false, status: response.status, message: body?.error?.message ?? null };
  } catch {
    return { ok: false, status: 0, message: null };
  } finally {
    inFlight.set(productId, (inFlight.get(productId) ?? 1) - 1);
  }
}

/**
 * An upvote or save asked for while signed out, kept in this tab's session storage until the
 * visitor is back from signing in. Only this site's own pages can write it, so no link from
 * elsewhere can make a signed-in user upvote anything.
 */
const PENDING_KEY = "toolnest:pending-engagement";
const PENDING_MAX_AGE_MS = 30 * 60 * 1000;

export function rememberPending(kind: ToggleKind, productId: number) {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ kind, productId, at: Date.now() }));
  } catch {
    // Private mode without storage: the visitor clicks again after signing in.
  }
}

/** Takes (and clears) the pending action for this product, if there is a recent one. */
export function takePending(kind: ToggleKind, productId: number): boolean {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return false;
    const pending = JSON.parse(raw) as { kind?: unknown; productId?: unknown; at?: unknown };
    if (typeof pending.at !== "number" || Date.now() - pending.at > PENDING_MAX_AGE_MS) {
      sessionStorage.removeItem(PENDING_KEY);
      return false;
    }
    if (pending.kind !== kind || pending.productId !== productId) return false;
    sessionStorage.removeItem(PENDING_KEY);
    return true;
  } catch {
    return false;
  }
}
