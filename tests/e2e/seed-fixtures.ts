/**
 * E2E fixture data, run by tests/e2e/serve.ts after `scripts/db-seed.ts` and before the app
 * starts, on the same database (DATA_DIR or DATABASE_URL, with the data-directory lock).
 * There are no test-only routes: the maker is signed in through the real development sign-in
 * code, so the user, account and profile exist exactly as after a real sign-in.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../support/raw-rows";
import { getAuth } from "../../app/domain/auth/auth.server";
import { devSignIn } from "../../app/features/auth/requests.server";
import { parseEnv } from "../../app/lib/env.server";
import { exitWithError } from "../../server/cli";
import { openAppDatabase } from "../../server/database";
import {
  FIXTURE_ACCOUNT_KINDS,
  FIXTURE_ACCOUNT_PASSWORD,
  FIXTURE_MAKER_EMAIL,
  FIXTURE_PROJECTS,
  FIXTURE_RETRIES,
  FIXTURE_SUBMITTED_SLUG,
  adFixtureName,
  fixtureAccountEmail,
  MODERATION_FIXTURES,
  promotionMakerEmail,
  promotionProductName,
} from "./fixture-data";

try {
  const handle = await openAppDatabase(parseEnv(), { purpose: "e2e fixtures" });
  try {
    const signedIn = await devSignIn(FIXTURE_MAKER_EMAIL);
    if (!signedIn.ok) throw new Error(`Fixture sign-in failed: ${signedIn.error}`);
    const rows = await queryRows<{ slug: string }>(
      handle.db,
      sql`update products set submitter_id = (select id from "user" where email = ${FIXTURE_MAKER_EMAIL})
          where slug = ${FIXTURE_SUBMITTED_SLUG} returning slug`,
    );
    if (rows.length !== 1) throw new Error(`Fixture product ${FIXTURE_SUBMITTED_SLUG} is missing from the demo catalogue.`);
    for (const { maker, approve, reject } of Object.values(MODERATION_FIXTURES)) {
      const made = await devSignIn(maker);
      if (!made.ok) throw new Error(`Fixture sign-in failed: ${made.error}`);
      const owned = await queryRows<{ slug: string }>(
        handle.db,
        sql`update products set submitter_id = (select id from "user" where email = ${maker})
            where slug in (${approve}, ${reject}) and status = 'live' returning slug`,
      );
      if (owned.length !== 2) throw new Error(`Moderation fixture products ${approve}, ${reject} are missing from the demo catalogue.`);
    }
    // Trending Ads: advertised drafts (never public) with each ad status, per project.
    for (const project of FIXTURE_PROJECTS) {
      for (const [status, start, end] of [["Active", -1, 30], ["Scheduled", 10, 40], ["Expired", -40, -10], ["Undefined", -1, null]] as const) {
        const name = adFixtureName(project, status);
        await handle.db.execute(
          sql`insert into products (product_name, slug, status, type, is_advertised, ad_start_date, ad_end_date, created_at)
              values (${name}, ${name.toLowerCase().replace(/ /g, "-")}, 'draft', 'product', true,
                      now() + make_interval(days => ${start}::int), now() + make_interval(days => ${end}::int), '2020-01-01T00:00:00Z')`,
        );
      }
    }
    // Promotion (advertise.spec.ts): a maker's own live products; the expired one's paid ad ended.
    for (const project of FIXTURE_PROJECTS) {
      const maker = await devSignIn(promotionMakerEmail(project));
      if (!maker.ok) throw new Error(`Fixture sign-in failed: ${maker.error}`);
      for (const kind of ["paid", "unpaid", "expired"] as const) {
        const name = promotionProductName(project, kind);
        const ended = kind === "expired";
        await handle.db.execute(
          sql`insert into products (product_name, slug, status, type, submitter_id, is_advertised, ad_start_date, ad_end_date, created_at)
              values (${name}, ${name.toLowerCase().replace(/ /g, "-")}, 'live', 'product', (select id from "user" where email = ${promotionMakerEmail(project)}),
                      ${ended}, ${ended ? sql`now() - interval '40 days'` : null}, ${ended ? sql`now() - interval '10 days'` : null}, '2020-01-01T00:00:00Z')`,
        );
      }
    }
    for (const kind of FIXTURE_ACCOUNT_KINDS) {
      for (const project of FIXTURE_PROJECTS) {
        for (const retry of FIXTURE_RETRIES) {
          const email = fixtureAccountEmail(kind, project, retry);
          await getAuth().api.signUpEmail({ body: { email, password: FIXTURE_ACCOUNT_PASSWORD, name: kind } });
          // Passwords sign in on the Admin Portal only (decision 024): the password tests' accounts are admins.
          if (kind !== "member") await handle.db.execute(sql`insert into admin_users (email) values (${email})`);
        }
      }
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  exitWithError(error);
}
