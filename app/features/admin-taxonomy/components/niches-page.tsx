import { useEffect, useMemo, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import type { NicheRow, Option } from "../taxonomy";
import { LoadFailure, SaveFooter, TaxonomyManager } from "./taxonomy-manager";

const NICHE_WARNING =
  "This removes the niche, its links to products and subcategories, and products' first-niche references. It cannot be undone.";

/** The checklist of subcategories that belong to a niche (niche_subcategories), with a filter. */
function NicheSubcategoriesDialog({ niche, options }: { niche: NicheRow; options: Option[] }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const linked = useMemo(() => new Set(niche.subcategory_ids), [niche.subcategory_ids]);
  useEffect(() => setOpen(false), [niche.subcategory_ids]);
  const needle = filter.trim().toLowerCase();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Subcategories of ${niche.name}`}>
          Subcategories
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Subcategories of {niche.name}</DialogTitle>
          <DialogDescription>Checked subcategories are listed under this niche on the public pages.</DialogDescription>
        </DialogHeader>
        <Form method="post" className="flex min-h-0 flex-col gap-3">
          <input type="hidden" name="intent" value="subcategories" />
          <input type="hidden" name="id" value={niche.id} />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Filter subcategories
            <Input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} autoComplete="off" />
          </label>
          <fieldset className="max-h-72 overflow-y-auto rounded-md border p-2">
            <legend className="sr-only">Subcategories</legend>
            {options.length === 0 ? <p className="p-2 text-sm text-muted-foreground">No subcategories yet.</p> : null}
            {options.map((option) => (
              <label
                key={option.id}
                className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent"
                hidden={needle !== "" && !option.name.toLowerCase().includes(needle)}
              >
                <input type="checkbox" name="subcategoryIds" value={option.id} defaultChecked={linked.has(option.id)} className="size-4 accent-primary" />
                {option.name}
              </label>
            ))}
          </fieldset>
          <SaveFooter busy={busy} label="Save subcategories" />
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export function NichesPage({ niches, subcategories, loadError }: { niches: NicheRow[]; subcategories: Option[]; loadError: string | null }) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Manage Niches</h1>
        <p className="text-sm text-muted-foreground">Add, rename, publish or draft niches, and choose the subcategories each one lists.</p>
      </header>
      {loadError ? (
        <LoadFailure message={loadError} />
      ) : (
        <TaxonomyManager
          rows={niches}
          texts={{ noun: "niche", plural: "niches", publicPath: (slug) => `/niche/${slug}` }}
          warning={NICHE_WARNING}
          extraColumn={{ header: "Subcategories", cell: (row) => row.subcategory_ids.length.toLocaleString("en") }}
          rowActions={(row) => <NicheSubcategoriesDialog niche={row} options={subcategories} />}
        />
      )}
    </div>
  );
}
