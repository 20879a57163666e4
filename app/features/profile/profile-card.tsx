import { Avatar } from "~/components/ui/avatar";
import type { Profile } from "./profile.server";

const joinedFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export function formatJoined(iso: string): string {
  return joinedFormat.format(new Date(iso));
}

/** "just now", "5 minutes ago", "3 days ago"… */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["week", 604_800],
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  const format = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

type CardProfile = Pick<Profile, "username" | "avatar_url" | "career" | "last_active_at" | "created_at">;

export function ProfileCard({ profile, now }: { profile: CardProfile; now: number }) {
  const name = profile.username || "Anonymous";
  return (
    <section aria-label="Profile" className="flex flex-col items-center gap-3 rounded-lg border bg-card p-6 text-center shadow-sm">
      <Avatar name={name} src={profile.avatar_url} className="size-24 text-3xl" />
      <h1 className="text-xl font-bold">{name}</h1>
      <p className="text-muted-foreground">{profile.career || "No career specified"}</p>
      <dl className="w-full space-y-1 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-muted-foreground">Last active</dt>
          <dd>{relativeTime(profile.last_active_at, now)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-muted-foreground">Joined</dt>
          <dd>{formatJoined(profile.created_at)}</dd>
        </div>
      </dl>
    </section>
  );
}
