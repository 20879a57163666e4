import type { Route } from "./+types/terms";
import { useSiteEnv } from "~/domain/root-data";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [
    { title: `Terms of Service | ${siteName}` },
    { name: "description", content: `The terms that apply when you use ${siteName}, its directory and the content you submit.` },
  ];
}

export default function Terms() {
  const { SITE_NAME } = useSiteEnv();
  const sections = [
    {
      title: "Acceptance of Terms",
      body: [
        `By accessing or using ${SITE_NAME} you agree to these terms. If you do not agree, please do not use the site.`,
        "We may update these terms from time to time; continuing to use the site after a change means you accept the new version.",
      ],
    },
    {
      title: "Use License",
      body: [
        `You may browse ${SITE_NAME} and use its content for personal and business research. You may not copy the directory wholesale, resell it, scrape it in a way that burdens the service, or use it for anything unlawful.`,
        "Catalogue data taken from openly licensed lists stays under its original licence, as listed on the About page.",
      ],
    },
    {
      title: "User Content",
      body: [
        "You are responsible for the reviews, replies, suggestions and product listings you submit. They must be accurate, lawful and your own to share, and must not be spam or misleading.",
        `By submitting content you give ${SITE_NAME} a non-exclusive, worldwide, royalty-free licence to host, display and adapt it for the directory. We may edit, reject or remove any content, and we review new listings before they go live.`,
      ],
    },
    {
      title: "Disclaimer",
      body: [
        `${SITE_NAME} is provided "as is" without warranties of any kind. Listings describe third-party products that we do not own or control; details such as pricing, features and coupons may change or be wrong. Check with the product's maker before you rely on them.`,
      ],
    },
    {
      title: "Limitations",
      body: [
        `To the fullest extent the law allows, ${SITE_NAME} and its operators are not liable for any indirect, incidental or consequential damages, or for any loss of data, profit or business, arising from your use of the site or of any product listed on it.`,
      ],
    },
  ];

  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Terms of Service</h1>
      <p className="mt-3 text-muted-foreground">Please read these terms before using {SITE_NAME}.</p>
      {sections.map((section) => (
        <section key={section.title} aria-labelledby={slug(section.title)}>
          <h2 id={slug(section.title)} className="mt-10 text-2xl font-semibold">
            {section.title}
          </h2>
          <div className="mt-4 space-y-3 leading-7 text-muted-foreground">
            {section.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      ))}
    </article>
  );
}

function slug(text: string) {
  return text.toLowerCase().replace(/\s+/g, "-");
}
