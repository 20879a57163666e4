import { useRouteLoaderData } from "react-router";
import type { publicEnv } from "~/lib/env.server";
import type { Flash } from "./flash.server";

/**
 * What the root loader (app/root.tsx) gives every page. Defined here, below root, so that shared
 * components and features read it without importing the root route; the loader `satisfies` it.
 */
export interface RootData {
  env: SiteEnv;
  user: PublicUser | null;
  flash: (Flash & { id: string }) | null;
}

export type SiteEnv = ReturnType<typeof publicEnv>;

/** The signed-in user as pages see it: no session, no secrets. */
export interface PublicUser {
  id: string;
  email: string;
  username: string | null;
  avatar: string | null;
}

const FALLBACK_ENV: SiteEnv = {
  SITE_NAME: "Toolnest",
  APP_URL: "",
  NEWSLETTER_URL: null,
  FEEDBACK_FORM_URL: null,
  SOCIAL: { x: null, github: null, linkedin: null },
};

function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

export function useSiteEnv(): SiteEnv {
  return useRootData()?.env ?? FALLBACK_ENV;
}

/** The signed-in user (id, username, email, avatar) or null. */
export function useSessionUser(): PublicUser | null {
  return useRootData()?.user ?? null;
}

/** A one-time message from the server (e.g. "Signed Out"), shown as a toast. */
export function useFlash(): RootData["flash"] {
  return useRootData()?.flash ?? null;
}
