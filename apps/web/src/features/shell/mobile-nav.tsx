import { Button, Sheet, SheetContent, SheetTitle, SheetTrigger } from "@fizio/ui";
import { Menu } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NavItem } from "../navigation/nav-items";
import { NavTree } from "../navigation/nav-tree";
import { Brand } from "./brand";

/** Below the md breakpoint the menu lives in a drawer opened from the header; `top` goes above the menu. */
export function MobileNav({ items, top }: { items: NavItem[]; top?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t("shell.openMenu")}>
          <Menu className="size-5" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent closeLabel={t("shell.closeMenu")} aria-describedby={undefined}>
        <div className="border-b px-4 py-3">
          <SheetTitle asChild>
            <div>
              <Brand />
              <span className="sr-only">{t("shell.mainNavigation")}</span>
            </div>
          </SheetTitle>
        </div>
        {top ? <div className="border-b px-4 py-3">{top}</div> : null}
        <nav aria-label={t("shell.mainNavigation")} className="flex-1 overflow-y-auto p-3">
          <NavTree items={items} onNavigate={() => setOpen(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
