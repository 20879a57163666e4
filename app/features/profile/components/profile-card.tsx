import { Avatar } from "~/components/ui/avatar";
import { formatJoined, relativeTime } from "~/lib/time";
import type { Profile } from "~/domain/people/profile-record.server";

type CardProfile = Pick<Profile, "username" | "avatar_url" | "career" | "last_active_at" | "created_at">;

export function ProfileCard({ profile, now }: { profile: CardProfile; now: number }) {
  const name = profile.username || "Anonymous";
  return (
    <section aria-label="Profile" className="flex flex-col items-center gap-3 rounded-lg border bg-card p-6 text-center shadow-sm">
      <Avatar name={name} src={profile.avatar_url} className="size-24 text-3xl" />
      <h1 className="max-w-full text-xl font-bold [overflow-wrap:anywhere]">{name}</h1>
      <p className="max-w-full text-muted-foreground [overflow-wrap:anywhere]">{profile.career || "No career specified"}</p>
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
