import { PartyPopperIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { NicheSubcategoryPicker } from "~/domain/product-form/components/niche-subcategory-picker";
import { categoriesSchema, type ProductFormErrors, type ProductFormValues } from "~/domain/product-form/fields";
import type { TaxonomyOptions } from "~/domain/product-form/taxonomy";
import { CONGRATULATIONS_TEXT, CONGRATULATIONS_TITLE, REVISION_NOTE, stepUrl } from "../wizard";
import { StepActions, StepFrame, StepLink, StepSubmit } from "./step-frame";
import { useStepForm } from "./use-step-form";
import { ValidationNotice } from "./validation-notice";

interface Props {
  productId: number;
  values: ProductFormValues;
  taxonomy: TaxonomyOptions;
  lockedNicheIds: number[];
  errors?: ProductFormErrors;
  /** Submit Product's answer: the Congratulations dialog opens. */
  submitted?: { revision: boolean };
  live: boolean;
}

/** Step 2: niches (at least one; a submitted product's own ones locked) and their subcategories; Submit Product. */
export function CategoriesStep({ productId, values, taxonomy, lockedNicheIds, errors: serverErrors, submitted, live }: Props) {
  const { errors, busy, attempted, formProps } = useStepForm(categoriesSchema, serverErrors, "submit");
  const [congratulate, setCongratulate] = useState(Boolean(submitted));
  const navigate = useNavigate();
  useEffect(() => setCongratulate(Boolean(submitted)), [submitted]);
  const next = stepUrl(productId, "maker-comments");

  return (
    <StepFrame title="Categories" intro="Choose the niches your product belongs to (at least one) and, within them, its subcategories.">
      <Form method="post" noValidate className="flex flex-col gap-5" {...formProps}>
        {attempted ? <ValidationNotice errors={errors} /> : null}
        <NicheSubcategoryPicker
          options={taxonomy}
          defaultValue={{ niches: values.selectedCategories, subcategories: values.selectedSubcategories }}
          lockedNicheIds={lockedNicheIds}
          nicheError={errors.selectedCategories}
          subcategoryError={errors.selectedSubcategories}
        />
        <StepActions>
          <StepLink to={stepUrl(productId, "product-info")} back>Back</StepLink>
          <StepSubmit intent="submit" busy={busy} busyText="Submitting...">
            {live ? "Submit Changes" : "Submit Product"}
          </StepSubmit>
        </StepActions>
      </Form>
      <Dialog open={congratulate} onOpenChange={setCongratulate}>
        <DialogContent>
          <DialogHeader>
            <PartyPopperIcon aria-hidden className="size-8 text-primary" />
            <DialogTitle>{CONGRATULATIONS_TITLE}</DialogTitle>
            <DialogDescription>{submitted?.revision ? REVISION_NOTE : CONGRATULATIONS_TEXT}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button
              type="button"
              onClick={() => {
                setCongratulate(false);
                void navigate(next);
              }}
            >
              Continue
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </StepFrame>
  );
}
