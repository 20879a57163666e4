/** The username a new user starts with (before onboarding lets them choose one). */

/** The spec's rule: the e-mail's local part with non-alphanumerics removed (3 to 50 characters). */
export function usernameBase(email: string): string {
  const local = (email.split("@")[0] ?? "").replace(/[^a-z0-9]/gi, "").slice(0, 44);
  return local.length >= 3 ? local : `user${local}`;
}

/** The first of base, base1, base2, … not in `taken` (compared without case). */
export function firstFreeUsername(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 1; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
