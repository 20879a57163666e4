import { Form, Link, useNavigation, useSubmit } from "react-router";
import { ActionErrorNote, useActionError } from "~/components/admin/action-error";
import { Button } from "~/components/ui/button";
import { OptionSelect } from "./option-select";

export interface BulkRemapData {
  back: "products" | "trending-ads";
  backHref: string;
  ids: number[];
  products: { id: number; product_name: string; status: string; niches: string | null }[];
  niches: { id: number; name: string }[];
  niche: number | null;
  subcategories: { id: number; name: string }[];
  error: string | null;
}

/**
 * Remap: the chosen products (their ids are in the URL, so a reload keeps them), a niche (chosen
 * through the URL too, which lists its subcategories) and its subcategories; one submit assigns them.
 */
export function BulkRemapPage({ data }: { data: BulkRemapData }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  // The action's refusal (toasted once), else the loader's (an unknown niche in the URL).
  const error = useActionError() ?? data.error;
  const count = data.products.length;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Bulk Remap</h1>
        <p className="text-sm text-muted-foreground">Assign the chosen products to one niche and its subcategories. Their current niches and subcategories are replaced.</p>
      </div>
      <ActionErrorNote error={error} />
      {count ? (
        <section aria-labelledby="chosen-heading" className="rounded-lg border bg-card">
          <h2 id="chosen-heading" className="border-b p-4 font-semibold">
            {count === 1 ? "1 chosen product" : `${count} chosen products`}
          </h2>
          <ul className="max-h-72 divide-y overflow-y-auto" aria-labelledby="chosen-heading" tabIndex={0}>
            {data.products.map((product) => (
              <li key={product.id} className="flex flex-wrap items-baseline justify-between gap-x-3 px-4 py-2 text-sm">
                <span className="font-medium break-words">{product.product_name}</span>
                <span className="text-xs text-muted-foreground">{product.niches ? `Now in ${product.niches}` : "No niche yet"}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {count ? (
        <>
          <Form method="get" className="flex flex-col gap-1.5">
            <input type="hidden" name="ids" value={data.ids.join(",")} />
            {data.back === "trending-ads" ? <input type="hidden" name="back" value="trending-ads" /> : null}
            <label htmlFor="remap-niche" className="text-sm font-medium">
              Niche
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <OptionSelect
                id="remap-niche"
                name="niche"
                defaultValue={data.niche ?? ""}
                key={data.niche ?? ""}
                first="Choose a niche"
                options={data.niches}
                onChange={(event) => {
                  if (event.currentTarget.form) void submit(event.currentTarget.form, { replace: true, preventScrollReset: true });
                }}
              />
              <noscript>
                <Button type="submit" variant="secondary">
                  Show subcategories
                </Button>
              </noscript>
            </div>
          </Form>

          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="ids" value={data.ids.join(",")} />
            <input type="hidden" name="back" value={data.back} />
            <input type="hidden" name="niche" value={data.niche ?? ""} />
            {data.niche !== null ? (
              <fieldset className="rounded-lg border bg-card p-4">
                <legend className="px-1 text-sm font-medium">Subcategories of {data.niches.find((n) => n.id === data.niche)?.name}</legend>
                {data.subcategories.length ? (
                  <div className="grid gap-2 sm:grid-cols-2">
                    {data.subcategories.map((s) => (
                      <label key={s.id} className="flex items-center gap-2 text-sm">
                        <input type="checkbox" name="subcategories" value={s.id} className="size-4 accent-primary" />
                        {s.name}
                      </label>
                    ))}
                  </div>
                ) : (
                  <p className="text-sm text-muted-foreground">This niche has no subcategories.</p>
                )}
              </fieldset>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button asChild variant="ghost">
                <Link to={data.backHref}>Cancel</Link>
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : `Remap ${count === 1 ? "1 product" : `${count} products`}`}
              </Button>
            </div>
          </Form>
        </>
      ) : (
        <Button asChild variant="outline" className="self-start">
          <Link to={data.backHref}>Back to {data.back === "trending-ads" ? "Trending Ads" : "Manage Products"}</Link>
        </Button>
      )}
    </div>
  );
}
