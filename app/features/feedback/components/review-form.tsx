import { Star } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatCount } from "~/lib/format";
import { FEEDBACK_MAX_LENGTH, FEEDBACK_MESSAGES, characterCount, validateFeedback, type FeedbackErrors } from "../feedback";

type SubmitResult = { ok: true } | { ok: false; status: number; message: string; fields?: FeedbackErrors };

/** Posts a review or a reply to the feedback endpoint. */
async function submitFeedback(productId: number, fields: Record<string, string>): Promise<SubmitResult> {
  const response = await fetch(`/api/v1/products/${productId}/feedback`, {
    method: "POST",
    headers: { Accept: "application/json" },
    body: new URLSearchParams(fields),
  });
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: FeedbackErrors } } | null;
  return { ok: false, status: response.status, message: body?.error?.message ?? "", fields: body?.error?.fields };
}

const textareaClass =
  "min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 md:text-sm";

/**
 * The review form (rating and comment) or, with `parentId`, the reply form (comment only). On
 * success: toast Feedback Submitted (Reply Submitted), and the page's data is read again so the new comment shows.
 */
export function ReviewForm({
  productId,
  parentId,
  replyingTo,
  onDone,
  onCancel,
  onSignInNeeded,
}: {
  productId: number;
  parentId?: number;
  replyingTo?: string;
  onDone?: () => void;
  onCancel?: () => void;
  onSignInNeeded: () => void;
}) {
  const isReply = parentId !== undefined;
  const id = useId();
  const revalidator = useRevalidator();
  const [rating, setRating] = useState(0);
  const [hovered, setHovered] = useState(0);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // A reply form opens on request: take the user straight to it.
    if (isReply) textarea.current?.focus();
  }, [isReply]);
  const failed = isReply ? FEEDBACK_MESSAGES.failedReply : FEEDBACK_MESSAGES.failedReview;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateFeedback({ comment, rating, isReply });
    setErrors(found);
    setFormError(null);
    if (found.rating || found.comment) return;
    setBusy(true);
    try {
      const result = await submitFeedback(productId, isReply ? { comment, parentId: String(parentId) } : { comment, rating: String(rating) });
      if (result.ok) {
        notify.success(isReply ? FEEDBACK_MESSAGES.savedReply : FEEDBACK_MESSAGES.savedReview);
        setComment("");
        setRating(0);
        await revalidator.revalidate();
        onDone?.();
        return;
      }
      if (result.status === 401) {
        onSignInNeeded();
      } else if (result.fields && (result.fields.rating || result.fields.comment)) {
        setErrors(result.fields);
      } else if (result.status === 429 || result.status === 404 || result.status === 400) {
        setFormError(result.message || failed);
      } else {
        setFormError(failed);
        notify.error(failed);
      }
    } catch {
      setFormError(failed);
      notify.error(failed);
    } finally {
      setBusy(false);
    }
  }

  const shown = hovered || rating;
  const length = characterCount(comment);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={isReply ? `Reply to ${replyingTo ?? "review"}` : "Write a review"}>
      {!isReply ? (
        <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">Your rating</legend>
          <div className="flex items-center gap-1" onMouseLeave={() => setHovered(0)}>
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="relative cursor-pointer rounded p-0.5 has-focus-visible:outline-2 has-focus-visible:outline-ring"
                onMouseEnter={() => setHovered(n)}
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  className="absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0"
                />
                <Star aria-hidden className={cn("size-6", n <= shown ? "fill-amber-400 text-amber-500" : "text-muted-foreground")} />
                <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
              </label>
            ))}
          </div>
          {errors.rating ? (
            <p id={`${id}-rating-error`} role="alert" className="mt-1 text-sm text-destructive">
              {errors.rating}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-comment`} className="text-sm font-medium">
          {isReply ? "Your reply" : "Your review"}
        </label>
        <textarea
          ref={textarea}
          id={`${id}-comment`}
          name="comment"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          rows={isReply ? 3 : 4}
          placeholder={isReply ? "Write a reply..." : "Share your experience with this product..."}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={`${id}-count${errors.comment ? ` ${id}-comment-error` : ""}`}
          className={textareaClass}
        />
        <p id={`${id}-count`} className={cn("text-right text-xs", length > FEEDBACK_MAX_LENGTH ? "text-destructive" : "text-muted-foreground")}>
          {formatCount(length)} / {formatCount(FEEDBACK_MAX_LENGTH)}
        </p>
        {errors.comment ? (
          <p id={`${id}-comment-error`} role="alert" className="text-sm text-destructive">
            {errors.comment}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Submitting..." : isReply ? "Submit Reply" : "Submit Review"}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
