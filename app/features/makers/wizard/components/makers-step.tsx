import { Form } from "react-router";
import { MakersPicker } from "~/domain/product-form/components/makers-picker";
import { makersSchema, type ProductFormErrors } from "~/domain/product-form/fields";
import type { MakerOption } from "~/domain/product-form/taxonomy";
import { stepUrl } from "../wizard";
import { StepActions, StepFrame, StepLink, StepSubmit } from "./step-frame";
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
          <StepSubmit intent="makers" busy={busy}>
            Save Makers
          </StepSubmit>
        </div>
      </Form>
      <StepActions>
        <StepLink to={stepUrl(productId, "maker-comments")} back>Back</StepLink>
        {badgeOpen ? (
          <StepLink to={stepUrl(productId, "embed-badge")}>Next: Embed Badge</StepLink>
        ) : (
          <StepLink to={stepUrl(productId, "categories")}>Next: Submit your product</StepLink>
        )}
      </StepActions>
    </StepFrame>
  );
}
