import { ArrowLeft, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import type { ProductDetail } from "../queries/product.server";
import { CouponButton } from "./coupon-button";
import { ShareDialog } from "./share-dialog";

/** Records the click-out without delaying the new tab. */
function beaconClick(productId: number) {
  try {
    navigator.sendBeacon?.(`/api/v1/products/${productId}/click`);
  } catch {
    /* a lost click count must never block the visit */
  }
}

export function ProductActions({
  product,
  outbound,
  pageUrl,
  save,
}: {
  product: ProductDetail;
  outbound: string | null;
  pageUrl: string;
  /** The save button (engagement's), composed by the page. */
  save?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="ghost"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}
        aria-label="Back"
      >
        <ArrowLeft aria-hidden /> Back
      </Button>
      {outbound ? (
        <Button asChild>
          <a href={outbound} target="_blank" rel="noopener" onClick={() => beaconClick(product.id)}>
            Visit Website <ExternalLink aria-hidden />
          </a>
        </Button>
      ) : null}
      <ShareDialog url={pageUrl} title={product.product_name} />
      {save}
      {product.has_coupon ? (
        <CouponButton text={product.coupon_text} code={product.coupon_code} url={product.coupon_url} expiry={product.coupon_expiry_date} />
      ) : null}
    </div>
  );
}
