import { ExternalLinkIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { shareLinks, shareText, stepUrl } from "../wizard";
import { CopyButton } from "./copy-button";
import { StepActions, StepFrame, StepLink } from "./step-frame";

interface Props {
  productId: number;
  productName: string;
  siteName: string;
  listingUrl: string;
  live: boolean;
}

export function InviteStep({ productId, productName, siteName, listingUrl, live }: Props) {
  const text = shareText(productName, siteName);
  return (
    <StepFrame
      title="Invite & Share"
      intro={
        live
          ? "Invite your users and friends to upvote and review your product."
          : "Your listing's address: share it once your product is approved and live."
      }
    >
      <div className="flex flex-col gap-2">
        <label htmlFor="listing-url" className="text-sm font-medium">
          Listing URL
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="listing-url"
            readOnly
            value={listingUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-md border border-input bg-muted/40 px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          <CopyButton value={listingUrl} label="Copy Link" />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">Share on</h3>
        <ul className="flex flex-wrap gap-2">
          {shareLinks(listingUrl, text).map((link) => (
            <li key={link.name}>
              <Button asChild variant="secondary" size="sm">
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.name}
                  <ExternalLinkIcon aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </Button>
            </li>
          ))}
          <li>
            <CopyButton value={`${text} ${listingUrl}`} label="Discord" description="Paste it into a Discord channel." variant="secondary" />
          </li>
        </ul>
      </div>
      <StepActions>
        <StepLink to={stepUrl(productId, "embed-badge")} back>Back</StepLink>
        <StepLink to={stepUrl(productId, "launch-platforms")}>Next: Launch Platforms</StepLink>
      </StepActions>
    </StepFrame>
  );
}
