/**
 * Whether a user's e-mail address shows they work for a product's company: its domain is the
 * product's website domain or a subdomain of it (`mail.acme.com` for `acme.com`). Two kinds of
 * domain never count, whatever the match: public mail providers (anyone can have an address
 * there) and platforms that host many products under one domain (a GitHub employee is not the
 * maker of every repository the catalogue links to). Both lists live here and only here.
 */

/** Mail services anyone can sign up to. `name.*` stands for the name under any suffix (gmx.de, gmx.net...). */
const PUBLIC_MAIL_PROVIDERS = [
  "gmail.com", "googlemail.com", "outlook.*", "hotmail.*", "live.*", "msn.com", "yahoo.*", "ymail.com",
  "rocketmail.com", "icloud.com", "me.com", "mac.com", "proton.me", "protonmail.*", "pm.me", "aol.*",
  "gmx.*", "web.de", "t-online.de", "mail.com", "email.com", "mail.ru", "inbox.ru", "list.ru", "bk.ru",
  "yandex.*", "ya.ru", "rambler.ru", "qq.com", "foxmail.com", "163.com", "126.com", "yeah.net", "sina.com",
  "naver.com", "daum.net", "hanmail.net", "zoho.*", "zohomail.com", "fastmail.*", "tutanota.*", "tuta.io",
  "hey.com", "mailbox.org", "posteo.*", "seznam.cz", "wp.pl", "o2.pl", "interia.pl", "libero.it",
  "virgilio.it", "orange.fr", "free.fr", "laposte.net", "sfr.fr", "btinternet.com", "comcast.net",
  "verizon.net", "att.net", "rediffmail.com", "duck.com", "skiff.com", "hushmail.com",
];

/**
 * Domains under which many unrelated products live: code hosts, app stores, community
 * platforms, directories and site builders (subdomains such as `someone.github.io` included).
 */
const SHARED_HOSTS = [
  "github.com", "github.io", "gitlab.com", "gitlab.io", "bitbucket.org", "codeberg.org", "sourceforge.net",
  "discord.com", "discord.gg", "reddit.com", "t.me", "telegram.me", "slack.com", "facebook.com", "x.com",
  "twitter.com", "youtube.com", "linkedin.com", "instagram.com", "medium.com", "substack.com",
  "apple.com", "google.com", "microsoft.com", "mozilla.org", "huggingface.co", "npmjs.com", "pypi.org",
  "producthunt.com", "openalternative.co", "vercel.app", "netlify.app", "herokuapp.com", "pages.dev",
  "workers.dev", "notion.site", "webflow.io", "framer.website", "wordpress.com", "blogspot.com",
  "wixsite.com", "carrd.co", "gumroad.com", "itch.io", "glitch.me", "replit.app", "fly.dev",
];

/** The lower-case domain of an e-mail address, or null when it has none that could match. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  return at < 1 ? null : hostname(email.slice(at + 1));
}

/** A plausible DNS name (letters, digits, hyphens; at least two labels), lower-cased; else null. */
function hostname(value: string): string | null {
  const host = value.trim().toLowerCase().replace(/\.$/, "");
  return /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/.test(host) ? host : null;
}

/** `domain` is `parent` or one of its subdomains. */
function isWithin(domain: string, parent: string): boolean {
  return domain === parent || domain.endsWith(`.${parent}`);
}

/**
 * A top-level domain (`de`), or one under it of the `co.uk` / `com.br` kind: what follows a mail
 * provider's name in its national domains (gmx.de, yahoo.co.jp). `live.example.com` is not one.
 */
function isCountrySuffix(labels: string[]): boolean {
  return labels.length === 1 || (labels.length === 2 && labels[0]!.length <= 3);
}

/** Whether `domain` (or a domain it is under) is a listed entry; `name.*` matches `name` under any suffix. */
function listed(domain: string, list: readonly string[]): boolean {
  const labels = domain.split(".");
  return list.some((entry) => {
    if (!entry.endsWith(".*")) return isWithin(domain, entry);
    const name = entry.slice(0, -2);
    return labels.some((label, i) => label === name && isCountrySuffix(labels.slice(i + 1)));
  });
}

export function isPublicMailDomain(domain: string): boolean {
  return listed(domain, PUBLIC_MAIL_PROVIDERS);
}

export function isSharedHost(domain: string): boolean {
  return listed(domain, SHARED_HOSTS);
}

/**
 * Whether the address's domain proves a tie to the product's website domain (as stored in
 * products.website_domain: the host without `www.`). Verification of the address itself is the
 * caller's concern.
 */
export function emailMatchesWebsite(email: string, websiteDomain: string | null): boolean {
  const mail = emailDomain(email);
  const site = websiteDomain ? hostname(websiteDomain) : null;
  if (!mail || !site) return false;
  if (isPublicMailDomain(mail) || isPublicMailDomain(site) || isSharedHost(site)) return false;
  return isWithin(mail, site);
}
