import { useEffect } from "react";
import { Form } from "react-router";
import { notify } from "~/components/toaster";
import { MakerCommentField } from "~/domain/product-form/components/maker-comment-field";
import { MAKER_COMMENT_EMPTY, MAKER_COMMENT_EMPTY_TITLE, makerCommentSchema, type ProductFormErrors } from "~/domain/product-form/fields";
import { stepUrl } from "../wizard";
import { StepActions, StepFrame, StepLink, StepSubmit } from "./step-frame";
import { useStepForm } from "./use-step-form";

interface Props {
  productId: number;
  makerComment: string;
  errors?: ProductFormErrors;
  live: boolean;
}

/** Step 3: the maker's comment, saved on the product and shown on its page ("From the maker"). */
export function MakerCommentsStep({ productId, makerComment, errors: serverErrors, live }: Props) {
  const { errors, busy, formProps } = useStepForm(makerCommentSchema, serverErrors, "maker-comment");
  const empty = errors.makerComment === MAKER_COMMENT_EMPTY;
  // The spec's toast for an empty comment, whichever side found it.
  useEffect(() => {
    if (empty) notify.error(MAKER_COMMENT_EMPTY_TITLE, { description: MAKER_COMMENT_EMPTY });
  }, [empty]);

  return (
    <StepFrame
      title="Maker Comments"
      intro={
        live
          ? "Your comment is reviewed with your other changes before it replaces the one on your product page."
          : "Introduce your product to the community. Your comment is shown on your product page as the maker's comment."
      }
    >
      <Form method="post" noValidate className="flex flex-col gap-5" {...formProps}>
        <MakerCommentField defaultValue={makerComment} error={errors.makerComment ?? errors.form} />
        <div>
          <StepSubmit intent="maker-comment" busy={busy}>
            Save Comment
          </StepSubmit>
        </div>
      </Form>
      <StepActions>
        <StepLink to={stepUrl(productId, "categories")} back>Back</StepLink>
        <StepLink to={stepUrl(productId, "makers")}>Next: Makers</StepLink>
      </StepActions>
    </StepFrame>
  );
}
