import type { ReactNode } from "react";
import { useMatches } from "react-router";
import type { Route } from "./+types/about";
import { siteEmail } from "~/components/site-footer";
import { useSiteEnv } from "~/domain/root-data";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  if (matches.some((m) => m?.id === "privacy")) {
    return [
      { title: `Privacy Policy | ${siteName}` },
      { name: "description", content: `What information ${siteName} collects, how it is used and shared, how it is protected and your rights.` },
    ];
  }
  return [
    { title: `About | ${siteName}` },
    {
      name: "description",
      content: `${siteName} is a directory of software tools, apps, web apps and online communities, grouped by niche and subcategory, for beginners and experts.`,
    },
  ];
}

type Level = 1 | 2 | 3;

function Heading({ level, id, children }: { level: Level; id?: string; children: ReactNode }) {
  const Tag = (["h1", "h2", "h3"] as const)[level - 1] ?? "h3";
  const size = { 1: "text-3xl font-bold tracking-tight", 2: "mt-10 text-2xl font-semibold", 3: "mt-6 text-lg font-semibold" }[level];
  return (
    <Tag id={id} className={`scroll-mt-20 text-foreground ${size}`}>
      {children}
    </Tag>
  );
}

const prose = "space-y-3 leading-7 text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_strong]:text-foreground";
const list = "list-disc space-y-2 pl-6";

function AboutSection({ level, siteName }: { level: Level; siteName: string }) {
  return (
    <section aria-labelledby="about-heading">
      <Heading level={level} id="about-heading">
        About {siteName}
      </Heading>
      <div className={`${prose} mt-4`}>
        <p>
          {siteName} is a directory of software tools, apps, web apps and online communities, grouped by niche and
          subcategory, for beginners and experts alike. Browse by niche, search, and open a product page to see what a
          tool does, what it costs and what other people think of it.
        </p>
        <p>
          Signed-in members upvote, save and review products, suggest resources they love, list their own products and
          claim products they make. We accept only software tools, applications, web apps and online communities.
        </p>
      </div>
    </section>
  );
}

function PrivacySection({ level, contact }: { level: Level; contact: string }) {
  const sub = (level + 1) as Level;
  return (
    <section aria-labelledby="privacy-heading">
      <Heading level={level} id="privacy-heading">
        Privacy Policy
      </Heading>
      <div className={`${prose} mt-4`}>
        <p>This policy explains what we collect when you use the directory, why, and the choices you have.</p>

        <Heading level={sub}>Information We Collect</Heading>
        <ul className={list}>
          <li>
            <strong>Account details</strong> from Google when you sign in: your name, e-mail address and profile picture.
          </li>
          <li>
            <strong>Profile details</strong> you add: username, career or profession, avatar and favourite niches.
          </li>
          <li>
            <strong>Content you submit</strong>: product listings, suggestions, reviews, replies, ratings, upvotes and
            saved products.
          </li>
          <li>
            <strong>Usage data</strong>: when you visit a product's website from here we record the product, the
            referring page and your browser type; our servers keep standard request logs.
          </li>
          <li>
            <strong>In your browser</strong>: your theme choice, a cookie that keeps you signed in, and short-lived
            items such as a product you are claiming or a promotion you are paying for.
          </li>
          <li>
            <strong>Payments</strong> are handled by our card payment provider. We keep the order details (product,
            months, price, name and e-mail) but never see your card number.
          </li>
        </ul>

        <Heading level={sub}>How We Use Information</Heading>
        <ul className={list}>
          <li>To run the directory and your account, and to show your username and avatar next to your reviews.</li>
          <li>To review submissions, count upvotes, views and visits, rank products and show makers their statistics.</li>
          <li>To process paid promotions and answer your messages.</li>
          <li>To prevent abuse and keep the service secure.</li>
        </ul>
        <p>We do not sell your personal information and we do not use it for third-party advertising.</p>

        <Heading level={sub}>Information Sharing</Heading>
        <ul className={list}>
          <li>
            <strong>Publicly</strong>: your username, avatar, career, reviews and the products you list or make.
          </li>
          <li>
            <strong>Service providers</strong> that help us operate (hosting, Google sign-in, payments, e-mail), only as
            far as they need to do their job.
          </li>
          <li>
            <strong>When the law requires it</strong>, or to protect the rights and safety of our users and the service.
          </li>
        </ul>

        <Heading level={sub}>Data Security</Heading>
        <p>
          We use encrypted connections, limit administrative access to the people who run the directory and keep only
          what the features above need. We never handle your Google password. No system is perfectly secure, so we
          cannot guarantee absolute security, but we will tell you promptly if a breach affects your data.
        </p>

        <Heading level={sub}>Your Rights</Heading>
        <p>
          You can view and edit your profile at any time, and you can ask us for a copy of your data, to correct it, or
          to delete your account and the content tied to it. You can clear the data stored in your browser whenever you
          like. Write to <a href={`mailto:${contact}`}>{contact}</a> and we will answer within 30 days.
        </p>
      </div>
    </section>
  );
}

const SOURCES = [
  {
    name: "Awesome Mac",
    repo: "jaywcjlove/awesome-mac",
    note: <>by Kenny Wong and contributors, <License kind="cc-by" /></>,
  },
  {
    name: "awesome-discord-communities",
    repo: "mhxion/awesome-discord-communities",
    note: <><License kind="cc-by" />; server icons are linked, not copied</>,
  },
  { name: "Awesome Design Tools", repo: "goabstract/Awesome-Design-Tools", note: <>MIT, Copyright (c) 2019 Lisa Dziuba</> },
  { name: "Awesome AI Tools", repo: "mahseema/awesome-ai-tools", note: <>MIT, Copyright (c) 2024 Mahsima Dastan</> },
];

const CC0_SOURCES = [
  { name: "OpenAlternative's list", repo: "piotrkulpinski/openalternative" },
  { name: "awesome-productivity", repo: "jyguyomarch/awesome-productivity", by: "jyguyomarch" },
  { name: "awesome-nocode-lowcode", repo: "valentin-vogel/awesome-nocode-lowcode", by: "valentin-vogel" },
  { name: "PlacesToPostYourStartup", repo: "mmccaff/PlacesToPostYourStartup", by: "mmccaff" },
];

function License({ kind }: { kind: "cc-by" }) {
  return kind === "cc-by" ? <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a> : null;
}

function AttributionSection() {
  return (
    <section aria-labelledby="attribution-heading">
      <Heading level={2} id="attribution-heading">
        Catalogue data and attribution
      </Heading>
      <div className={`${prose} mt-4`}>
        <p>The demo catalogue of real software tools and communities is compiled from openly licensed public lists:</p>
        <ul className={list}>
          {SOURCES.map((s) => (
            <li key={s.repo}>
              <a href={`https://github.com/${s.repo}`}>{s.name}</a> (github.com/{s.repo}): {s.note}.
            </li>
          ))}
          <li>
            <a href="https://creativecommons.org/publicdomain/zero/1.0/">CC0</a>, credited as a courtesy:{" "}
            {CC0_SOURCES.map((s, i) => (
              <span key={s.repo}>
                {i > 0 && ", "}
                <a href={`https://github.com/${s.repo}`}>{s.name}</a>
                {"by" in s ? ` (${s.by})` : null}
              </span>
            ))}
            .
          </li>
          <li>Product names and logos are trademarks of their owners.</li>
        </ul>
        <p>
          <strong>Changes:</strong> Markdown stripped, entries merged across lists, re-categorised into
          niches/subcategories, tags and pricing derived.
        </p>
      </div>
    </section>
  );
}

export default function About() {
  const { SITE_NAME, APP_URL } = useSiteEnv();
  const isPrivacy = useMatches().some((m) => m.id === "privacy");
  const contact = siteEmail("support", APP_URL);

  return (
    <article className="mx-auto max-w-3xl">
      {isPrivacy ? (
        <>
          <PrivacySection level={1} contact={contact} />
          <AboutSection level={2} siteName={SITE_NAME} />
        </>
      ) : (
        <>
          <AboutSection level={1} siteName={SITE_NAME} />
          <PrivacySection level={2} contact={contact} />
        </>
      )}
      <AttributionSection />
    </article>
  );
}
