import { useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { lazyFormat } from "~/lib/format";
import { relativeTime } from "~/lib/time";
import type { FeedbackItem, Review } from "../feedback";
import { ReviewForm } from "./review-form";
import { Stars } from "./stars";

const longDate = lazyFormat(() => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }));

function Byline({ item, now }: { item: FeedbackItem; now: number }) {
  const name = item.author.username || "Anonymous";
  return (
    <div className="flex items-start gap-2">
      <Avatar name={name} src={item.author.avatar_url} />
      <div className="min-w-0 text-sm">
        <span className="font-medium break-words">{name}</span>
        {item.author.career ? <span className="block text-xs break-words text-muted-foreground">{item.author.career}</span> : null}
        <time dateTime={item.created_at} title={`${longDate().format(new Date(item.created_at))} UTC`} className="block text-xs text-muted-foreground">
          {relativeTime(item.created_at, now)}
        </time>
      </div>
    </div>
  );
}

/** The comment exactly as typed, as text (React escapes it); line breaks kept. */
function Comment({ text }: { text: string }) {
  return <p className="mt-2 text-sm break-words whitespace-pre-line">{text}</p>;
}

function ReviewItem({
  review,
  now,
  productId,
  signedIn,
  onSignInNeeded,
}: {
  review: Review;
  now: number;
  productId: number;
  signedIn: boolean;
  onSignInNeeded: () => void;
}) {
  const [replying, setReplying] = useState(false);
  const name = review.author.username || "Anonymous";
  return (
    <article aria-label={`Review by ${name}`} className="rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Byline item={review} now={now} />
        <Stars value={review.rating} />
      </div>
      <Comment text={review.comment} />
      {review.replies.length ? (
        <ol className="mt-3 flex flex-col gap-3 border-l-2 pl-3" aria-label={`Replies to ${name}`}>
          {review.replies.map((reply) => (
            <li key={reply.id}>
              <article aria-label={`Reply by ${reply.author.username || "Anonymous"}`}>
                <Byline item={reply} now={now} />
                <Comment text={reply.comment} />
              </article>
            </li>
          ))}
        </ol>
      ) : null}
      {replying ? (
        <div className="mt-3">
          <ReviewForm
            productId={productId}
            parentId={review.id}
            replyingTo={name}
            onDone={() => setReplying(false)}
            onCancel={() => setReplying(false)}
            onSignInNeeded={onSignInNeeded}
          />
        </div>
      ) : (
        <Button
          variant="link"
          size="sm"
          className="mt-1 h-auto px-0"
          onClick={() => (signedIn ? setReplying(true) : onSignInNeeded())}
        >
          Reply
        </Button>
      )}
    </article>
  );
}

/** Reviews newest first, each with its replies oldest first. */
export function ReviewList(props: { reviews: Review[]; now: number; productId: number; signedIn: boolean; onSignInNeeded: () => void }) {
  if (!props.reviews.length) return null;
  return (
    <ol className="flex flex-col gap-3" aria-label="Reviews">
      {props.reviews.map((review) => (
        <li key={review.id}>
          <ReviewItem review={review} {...props} />
        </li>
      ))}
    </ol>
  );
}
