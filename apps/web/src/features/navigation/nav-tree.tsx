import { cn } from "@fizio/ui";
import { Link, useLocation } from "@tanstack/react-router";
import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { UnreadBadge } from "../messages/unread";
import { isInSection, keptSearch, type NavItem } from "./nav-items";

const linkClass = (active: boolean) =>
  cn(
    "flex min-h-10 flex-1 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
    active
      ? "bg-secondary text-secondary-foreground"
      : "text-foreground/80 hover:bg-muted hover:text-foreground",
  );

/** The role's menu: the sidebar on wide screens and the drawer on phones. */
export function NavTree({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => (
        <NavEntry key={item.label} item={item} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (location) => location.pathname });
  const active = isInSection(item, pathname);
  const children = item.tabs ? undefined : item.children;
  // A group opens by itself while one of its pages is shown; the chevron opens or closes it by hand.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? active;
  const Icon = item.icon;
  const label = t(`nav.${item.label}`);
  const listId = `nav-${item.label}`;
  return (
    <li>
      <div className="flex items-center gap-1">
        <Link
          to={item.to}
          onClick={onNavigate}
          aria-current={pathname === item.to ? "page" : undefined}
          className={linkClass(active && !children)}
        >
          {Icon ? <Icon className="size-4 shrink-0" aria-hidden /> : null}
          <span className={cn(active && children && "text-primary")}>{label}</span>
          {item.unreadBadge && !(children && open) ? <UnreadBadge className="ml-auto" /> : null}
        </Link>
        {children ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={label}
            onClick={() => setToggled(!open)}
            className="flex size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden />
          </button>
        ) : null}
      </div>
      {children && open ? (
        <ul id={listId} className="mb-1 ml-5 mt-0.5 flex flex-col gap-0.5 border-l pl-2">
          {children.map((child) => (
            <li key={child.to}>
              <Link
                to={child.to}
                search={keptSearch(child)}
                onClick={onNavigate}
                aria-current={pathname === child.to ? "page" : undefined}
                className={linkClass(isInSection(child, pathname))}
              >
                {t(`nav.${child.label}`)}
                {child.unreadBadge ? <UnreadBadge className="ml-auto" /> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
