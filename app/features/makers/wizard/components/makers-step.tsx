import { LoaderCircleIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { MakersPicker } from "~/domain/product-form/components/makers-picker";
import { makersSchema, type ProductFormErrors } from "~/domain/product-form/fields";
import type { MakerOption } from "~/domain/product-form/taxonomy";
import { stepUrl } from "../wizard";
import { StepActions, StepFrame } from "./step-frame";
import { useStepForm } from "./use-step-form";

interface Props {
  productId: number;
  makers: MakerOption[];
  submitterId: string | null;
  errors?: ProductFormErrors;
  /** Embed Badge opens after submission. */
  badgeOpen: boolean;
}

/** Step 4, Product Makers: search people (2+ characters) and add or remove them; the submitter always stays. */
export function MakersStep({ productId, makers, submitterId, errors: serverErrors, badgeOpen }: Props) {
  const { errors, busy, formProps } = useStepForm(makersSchema, serverErrors, "makers");
  return (
    <StepFrame title="Product Makers" intro="Credit the people who built this product with you. They are shown on the product page.">
      <Form method="post" noValidate className="flex flex-col gap-5" {...formProps}>
        <MakersPicker defaultValue={makers} lockedIds={submitterId ? [submitterId] : []} error={errors.makers ?? errors.form} />
        <div>
          <Button type="submit" name="intent" value="makers" disabled={busy}>
            {busy ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
            {busy ? "Saving..." : "Save Makers"}
          </Button>
        </div>
      </Form>
      <StepActions>
        <Button asChild variant="outline">
          <Link to={stepUrl(productId, "maker-comments")}>Back</Link>
        </Button>
        {badgeOpen ? (
          <Button asChild>
            <Link to={stepUrl(productId, "embed-badge")}>Next: Embed Badge</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to={stepUrl(productId, "categories")}>Next: Submit your product</Link>
          </Button>
        )}
      </StepActions>
    </StepFrame>
  );
}
