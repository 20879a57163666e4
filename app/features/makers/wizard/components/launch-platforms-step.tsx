import { ExternalLinkIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ProductLogo } from "~/domain/components/product-logo";
import { stepUrl, withRef, type LaunchPlatform } from "../wizard";
import { StepActions, StepFrame, StepLink } from "./step-frame";

interface Props {
  productId: number;
  siteName: string;
  platforms: LaunchPlatform[];
  seeMoreUrl: string | null;
}

export function LaunchPlatformsStep({ productId, siteName, platforms, seeMoreUrl }: Props) {
  return (
    <StepFrame title="Other Launch Platforms" intro="Launch on these sites too, to reach more people.">
      <ul className="grid gap-3 sm:grid-cols-2">
        {platforms.map((platform) => (
          <li key={platform.url} className="flex flex-col gap-3 rounded-lg border p-4">
            <div className="flex items-center gap-3">
              <ProductLogo name={platform.name} src={platform.logoUrl} size={40} />
              <h3 className="font-medium">{platform.name}</h3>
            </div>
            {platform.description ? <p className="text-sm text-muted-foreground">{platform.description}</p> : null}
            <div className="mt-auto">
              <Button asChild variant="outline" size="sm">
                <a href={withRef(platform.url, siteName)} target="_blank" rel="noopener noreferrer">
                  Visit Site
                  <ExternalLinkIcon aria-hidden />
                  <span className="sr-only">{platform.name} (opens in a new tab)</span>
                </a>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {seeMoreUrl ? (
        <p>
          <Link to={seeMoreUrl} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            See More Launch Platforms
          </Link>
        </p>
      ) : null}
      <StepActions>
        <StepLink to={stepUrl(productId, "invite")} back>Back</StepLink>
        <StepLink to="/my-products">Done: Back to My Products</StepLink>
      </StepActions>
    </StepFrame>
  );
}
