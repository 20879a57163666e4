import type { ReactNode } from "react";
import { PageLink } from "~/components/ui/page-link";
import { alternativeReason, type Alternative, type AlternativesSubject } from "../alternatives";

/**
 * The ranked alternatives to one product. The page draws each product's card (`card`, the
 * catalogue's); under it, why it is listed and a link comparing it with the subject.
 */
export function AlternativesList({
  subject,
  alternatives,
  card,
  compareHref,
}: {
  subject: AlternativesSubject;
  alternatives: Alternative[];
  card: (alternative: Alternative) => ReactNode;
  compareHref: (alternative: Alternative) => string;
}) {
  if (alternatives.length === 0) {
    return <p className="text-muted-foreground">No alternatives to {subject.product_name} are listed yet.</p>;
  }
  return (
    <ol className="flex flex-col gap-4" aria-label={`Alternatives to ${subject.product_name}`}>
      {alternatives.map((alternative) => {
        const reason = alternativeReason(alternative);
        return (
          <li key={alternative.id} className="flex flex-col gap-1.5">
            {card(alternative)}
            <p className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-1 text-sm text-muted-foreground">
              <span className="[overflow-wrap:anywhere]">{reason ?? "Described in similar words"}</span>
              <PageLink to={compareHref(alternative)} className="font-medium text-foreground underline-offset-2 hover:underline">
                Compare {alternative.product_name} with {subject.product_name}
              </PageLink>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
