import { useState } from "react";
import { badgeHtml, badgeMarkdown, stepUrl, type BadgeLinks, type BadgeVariant } from "../wizard";
import { Snippet } from "./copy-button";
import { StepActions, StepFrame, StepLink } from "./step-frame";

interface Props {
  productId: number;
  links: BadgeLinks;
  /** The badge as the server renders it now, per variant (data: URLs: a pending product has no public badge yet). */
  previews: Record<BadgeVariant, string>;
  live: boolean;
}

const VARIANTS: { value: BadgeVariant; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

export function EmbedBadgeStep({ productId, links, previews, live }: Props) {
  const [variant, setVariant] = useState<BadgeVariant>("light");
  return (
    <StepFrame
      title="Embed Badge"
      intro="Show your visitors that your product is listed: paste the badge into your site or README. It shows your live upvote count."
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Badge style</legend>
        <div className="flex flex-wrap gap-4">
          {VARIANTS.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="badge-variant"
                value={option.value}
                checked={variant === option.value}
                onChange={() => setVariant(option.value)}
                className="size-4 accent-primary"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <figure className="flex flex-col gap-2">
        <div className={variant === "dark" ? "rounded-md bg-slate-900 p-4" : "rounded-md bg-white p-4 ring-1 ring-border"}>
          <img src={previews[variant]} width={250} height={54} alt={`${links.productName} - Featured on ${links.siteName} (${variant} badge preview)`} className="max-w-full" />
        </div>
        <figcaption className="text-sm text-muted-foreground">
          {live
            ? "This is your badge as your visitors will see it."
            : "A preview: the badge image is served once your product is approved and live."}
        </figcaption>
      </figure>
      <Snippet id="badge-html" label="HTML" value={badgeHtml(links, variant)} copyLabel="Copy HTML" />
      <Snippet id="badge-markdown" label="Markdown" value={badgeMarkdown(links, variant)} copyLabel="Copy Markdown" />
      <StepActions>
        <StepLink to={stepUrl(productId, "makers")} back>Back</StepLink>
        <StepLink to={stepUrl(productId, "invite")}>Next: Invite &amp; Share</StepLink>
      </StepActions>
    </StepFrame>
  );
}
