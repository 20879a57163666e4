import { useState } from "react";
import { Button } from "~/components/ui/button";
import { AuthRequiredDialog } from "~/domain/components/auth-required-dialog";
import { useSessionUser } from "~/domain/root-data";
import { FEEDBACK_MESSAGES, type ProductFeedback } from "../feedback";
import { ReviewForm } from "./review-form";
import { ReviewList } from "./review-list";
import { ReviewSummary } from "./review-summary";

/** Reviews on the product page: summary, the form (signed-in) or a sign-in prompt, and the list. */
export function FeedbackSectionBody({ productId, productName, feedback }: { productId: number; productName: string; feedback: ProductFeedback }) {
  const user = useSessionUser();
  const [authOpen, setAuthOpen] = useState(false);
  const askToSignIn = () => setAuthOpen(true);
  return (
    <section aria-labelledby="feedback-heading" className="flex flex-col gap-4 rounded-xl border p-4">
      <h2 id="feedback-heading" className="font-semibold">
        Reviews
      </h2>
      <ReviewSummary summary={feedback.summary} />
      {user ? (
        <ReviewForm productId={productId} onSignInNeeded={askToSignIn} />
      ) : (
        <div>
          <p className="mb-3 text-sm text-muted-foreground">Used {productName}? Share your experience with the community.</p>
          <Button variant="outline" onClick={askToSignIn}>
            Write a review
          </Button>
        </div>
      )}
      <ReviewList reviews={feedback.reviews} now={feedback.now} productId={productId} signedIn={!!user} onSignInNeeded={askToSignIn} />
      <AuthRequiredDialog open={authOpen} onOpenChange={setAuthOpen} message={FEEDBACK_MESSAGES.signIn} />
    </section>
  );
}
