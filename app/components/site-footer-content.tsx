import { PageLink } from "~/components/ui/page-link";
import { useSiteEnv, type SiteEnv } from "~/domain/root-data";
import { siteEmail } from "./site-email";

const SOCIAL_ICONS = [
  {
    key: "github",
    label: "GitHub",
    viewBox: "0 0 16 16",
    path: "M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27s1.36.09 2 .27c1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.01 8.01 0 0 0 16 8c0-4.42-3.58-8-8-8z",
  },
  {
    key: "x",
    label: "X (Twitter)",
    viewBox: "0 0 24 24",
    path: "M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z",
  },
  {
    key: "linkedin",
    label: "LinkedIn",
    viewBox: "0 0 24 24",
    path: "M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z",
  },
] as const;

export type SocialUrls = SiteEnv["SOCIAL"];

/** The footer's social links: only those configured (SOCIAL_*_URL), never a placeholder. */
export function socialLinks(urls: SocialUrls) {
  return SOCIAL_ICONS.flatMap((icon) => (urls[icon.key] ? [{ ...icon, href: urls[icon.key]! }] : []));
}

type FooterLink = { label: string; to: string } | { label: string; href: string };

const linkClass = "rounded-sm hover:text-foreground hover:underline underline-offset-4";

/** The footer itself (site-footer.tsx loads it after the page's first JavaScript). */
export function SiteFooterContent() {
  const { SITE_NAME, APP_URL, SOCIAL } = useSiteEnv();
  const social = socialLinks(SOCIAL);
  const year = new Date().getFullYear();
  const groups: { title: string; links: FooterLink[] }[] = [
    {
      title: "Directory",
      links: [
        { label: "Submit", to: "/submit" },
        { label: "Advertise", to: "/advertise" },
      ],
    },
    {
      title: "Company",
      links: [
        { label: "About", to: "/about" },
        { label: "API", to: "/api-docs" },
        { label: "Help and Contact", href: `mailto:${siteEmail("support", APP_URL)}` },
      ],
    },
    {
      title: "Legal",
      links: [
        { label: "Terms", to: "/terms" },
        { label: "Privacy", to: "/privacy" },
      ],
    },
  ];

  return (
    <footer className="border-t bg-muted/40 text-sm text-muted-foreground">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-4">
        <div className="space-y-3">
          <PageLink to="/" className="inline-block rounded-sm text-base font-bold text-foreground">
            {SITE_NAME}
          </PageLink>
          <p className="max-w-xs">Software tools, apps, web apps and online communities, grouped by niche.</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-3">
          {groups.map((group) => (
            <div key={group.title}>
              <h2 className="mb-3 font-semibold text-foreground">{group.title}</h2>
              <ul className="space-y-2">
                {group.links.map((link) => (
                  <li key={link.label}>
                    {"to" in link ? (
                      <PageLink to={link.to} className={linkClass}>
                        {link.label}
                      </PageLink>
                    ) : (
                      <a href={link.href} className={linkClass}>
                        {link.label}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="mx-auto flex max-w-6xl flex-col-reverse items-start gap-4 border-t px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {year} {SITE_NAME}
        </p>
        {social.length ? <SocialList links={social} /> : null}
      </div>
    </footer>
  );
}

export function SocialList({ links }: { links: ReturnType<typeof socialLinks> }) {
  return (
    <ul className="flex items-center gap-2" aria-label="Social links">
      {links.map((social) => (
        <li key={social.label}>
          <a
            href={social.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={social.label}
            title={social.label}
            className="inline-flex size-10 items-center justify-center rounded-md hover:bg-accent hover:text-accent-foreground"
          >
            <svg viewBox={social.viewBox} className="size-5" fill="currentColor" aria-hidden focusable="false">
              <path d={social.path} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
