import { useEffect, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-field";
import { ProductIdentity } from "~/domain/components/product-identity";
import { useFormErrors } from "~/lib/use-form-errors";
import { CLAIM_MESSAGES, CLAIM_REDIRECT_MS, claimSchema, type ClaimActionData, type ClaimErrors, type ClaimPage, type ClaimProduct } from "../claims";

const panel = "mx-auto flex max-w-lg flex-col gap-6 rounded-lg border bg-card p-6 shadow-sm sm:p-8";

/** /claim-product: the product and the claim form, or the message that replaces them. */
export function ClaimPanel({ page, actionData }: { page: ClaimPage; actionData: ClaimActionData | undefined }) {
  if (page.kind === "message") {
    return (
      <div className={panel}>
        <h1 className="text-2xl font-bold tracking-tight">Claim a Product</h1>
        <FormAlert>{page.message}</FormAlert>
        <Button asChild variant="outline" className="self-start">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    );
  }
  const { product } = page;
  const outcome = actionData && "outcome" in actionData ? actionData : null;
  return (
    <div className={panel}>
      <h1 className="text-2xl font-bold tracking-tight">Claim a Product</h1>
      <ProductIdentity product={product} large />
      {outcome?.outcome === "verified" ? (
        <Verified slug={outcome.slug} message={outcome.message} />
      ) : outcome?.outcome === "pending" || page.status === "pending" ? (
        <Settled product={product} message={CLAIM_MESSAGES.pending} />
      ) : page.status === "maker" ? (
        <Settled product={product} message={CLAIM_MESSAGES.alreadyMaker} />
      ) : page.status === "rejected" ? (
        <Settled product={product} message={CLAIM_MESSAGES.rejected} />
      ) : (
        <ClaimForm product={product} serverErrors={actionData && "errors" in actionData ? actionData.errors : undefined} />
      )}
    </div>
  );
}

/** A claim that needs nothing more from the user: the message and the way back. */
function Settled({ product, message }: { product: ClaimProduct; message: string }) {
  return (
    <>
      <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm">
        {message}
      </p>
      <Button asChild variant="outline" className="self-start">
        <Link to={`/resources/${product.slug}`}>Back to {product.product_name}</Link>
      </Button>
    </>
  );
}

/** The success message (on the page and as the spec's toast), then the product page after the spec's 2 s. */
function Verified({ slug, message }: { slug: string; message: string }) {
  const navigate = useNavigate();
  useEffect(() => notify.success(message), [message]);
  useEffect(() => {
    const timer = setTimeout(() => navigate(`/resources/${slug}`), CLAIM_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, slug]);
  return (
    <p role="status" className="rounded-md border border-primary/40 bg-primary/10 p-3 text-sm">
      {message} Taking you to the product page…
    </p>
  );
}

function ClaimForm({ product, serverErrors }: { product: ClaimProduct; serverErrors: ClaimErrors | undefined }) {
  const { errors, ...check } = useFormErrors<ClaimErrors>(claimSchema, serverErrors);
  const claiming = useNavigation().state === "submitting";
  // Tells the action that this page can show the success message and move on by itself.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Form method="post" className="flex flex-col gap-5" noValidate {...check}>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      {errors.product ? <FormAlert>{errors.product}</FormAlert> : null}
      <input type="hidden" name="product" value={product.slug} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-medium">Please confirm:</legend>
        <Confirmation name="maker" error={errors.maker}>
          I am a maker of {product.product_name}: I built it or work on it for the company behind it.
        </Confirmation>
        <Confirmation name="accurate" error={errors.accurate}>
          The information I give about {product.product_name} is accurate, and I understand a claim may be reviewed before it is
          approved.
        </Confirmation>
      </fieldset>
      <p className="text-xs text-muted-foreground">
        Claims are approved at once when you signed in with a verified e-mail address at the product&apos;s website domain; otherwise an
        administrator reviews them.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={`/resources/${product.slug}`}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={claiming}>
          {claiming ? "Claiming..." : "Claim as Maker"}
        </Button>
      </div>
    </Form>
  );
}

function Confirmation({ name, error, children }: { name: "maker" | "accurate"; error: string | undefined; children: React.ReactNode }) {
  const id = `claim-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-start gap-3 text-sm">
        <input
          id={id}
          type="checkbox"
          name={name}
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="pl-7 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
