/** Data that tests/e2e/seed-fixtures.ts writes before the e2e server starts, shared with the specs. */

/** Signed in once through the development sign-in before the server starts; the submitter of FIXTURE_SUBMITTED_SLUG. */
export const FIXTURE_MAKER_EMAIL = "maker@toolnest.test";

/** A demo-catalogue product whose submitter is FIXTURE_MAKER_EMAIL (so that user sees its stats row). */
export const FIXTURE_SUBMITTED_SLUG = "todoist";

/**
 * E-mail/password accounts (as admins have; public e-mail sign-up is off, decision 019), made
 * with Better Auth's server API before the server starts: one per kind, project and retry, so a
 * test that changes a password never meets another test's or an earlier attempt's change.
 */
export const FIXTURE_ACCOUNT_KINDS = ["member", "reset", "change"] as const;
export const FIXTURE_PROJECTS = ["desktop", "mobile"] as const;
export const FIXTURE_RETRIES = [0, 1, 2] as const;
export const FIXTURE_ACCOUNT_PASSWORD = "fixture-password";

export function fixtureAccountEmail(kind: (typeof FIXTURE_ACCOUNT_KINDS)[number], project: string, retry: number) {
  return `${kind}.${project}.${retry}@toolnest.test`;
}

/**
 * Moderation (tests/e2e/moderation.spec.ts): per project, a maker signed in once through the
 * development sign-in who submitted two live demo products, one whose edit an admin approves and
 * one whose edit is rejected. No other spec uses these products.
 */
export const MODERATION_FIXTURES = {
  desktop: { maker: "moderation.desktop@toolnest.test", approve: "ardour", reject: "audacity" },
  mobile: { maker: "moderation.mobile@toolnest.test", approve: "aegisub", reject: "ffworks" },
} as const;

/** Trending Ads (admin-products.spec.ts): per project, an advertised draft for each ad status, created in 2020. */
export const AD_FIXTURE_STATUSES = ["Active", "Scheduled", "Expired", "Undefined"] as const;
export const adFixtureName = (project: string, status: string) => `Ad fixture ${project} ${status}`;

/**
 * Promotion (advertise.spec.ts): per project, a maker signed in once through the development
 * sign-in who owns three live products created in 2020: one to buy a promotion for, one whose
 * checkout is cancelled or forged, and one whose paid ad ended 10 days ago. No other spec uses them.
 */
export const promotionMakerEmail = (project: string) => `promotion.${project}@toolnest.test`;
export const promotionProductName = (project: string, kind: "paid" | "unpaid" | "expired") => `Promo fixture ${project} ${kind}`;
