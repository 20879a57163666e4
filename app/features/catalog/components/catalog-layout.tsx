import { Menu } from "lucide-react";
import { memo, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { HydrateOnSight } from "~/components/hydrate-on-sight";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { Sidebar, type SidebarData } from "./sidebar";

/** A list page: sidebar on desktop, a Navigation drawer on small screens, the content beside. */
export function CatalogLayout({ sidebar, aside, children }: { sidebar: SidebarData; aside?: React.ReactNode; children: React.ReactNode }) {
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [location.key]);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)_16rem]">
      <aside className="hidden lg:block" aria-label="Categories">
        <SidebarOnSight data={sidebar} />
      </aside>
      <div className="min-w-0">
        <div className="mb-4 lg:hidden">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="outline" size="sm">
                <Menu aria-hidden /> Categories
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="overflow-y-auto">
              <SheetHeader>
                <SheetTitle>Navigation</SheetTitle>
                <SheetDescription className="sr-only">Browse by niche and category</SheetDescription>
              </SheetHeader>
              <Sidebar data={sidebar} idPrefix="drawer" />
            </SheetContent>
          </Sheet>
        </div>
        {children}
      </div>
      {aside ? <div className="flex flex-col gap-4">{aside}</div> : null}
    </div>
  );
}

/**
 * The desktop sidebar hydrates when seen (decision 068): hidden on a phone, it is 140-odd elements
 * of the page's first hydration for nothing. Memoised so that a new location alone leaves it be.
 */
const SidebarOnSight = memo(function SidebarOnSight({ data }: { data: SidebarData }) {
  return (
    <HydrateOnSight>
      <Sidebar data={data} />
    </HydrateOnSight>
  );
});
