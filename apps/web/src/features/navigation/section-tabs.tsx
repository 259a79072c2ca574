import { tabBarClass, tabTriggerClass } from "@fizio/ui";
import { Link, useLocation } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { UnreadBadge } from "../messages/unread";
import { isInSection, keptSearch, type NavItem } from "./nav-items";

/** The nav items containing the current page, outermost first. */
function activeChain(items: NavItem[] | undefined, pathname: string): NavItem[] {
  const item = items?.find((candidate) => isInSection(candidate, pathname));
  return item ? [item, ...activeChain(item.children, pathname)] : [];
}

/** Sibling pages of a section that the menu does not list (e.g. an admin's Templates), as tabs. */
export function SectionTabs({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (location) => location.pathname });
  const tabbed = activeChain(items, pathname).filter((item) => item.tabs && item.children);
  if (tabbed.length === 0) return null;
  return (
    <div className="mb-5 flex flex-col gap-2">
      {tabbed.map((section) => (
        <nav key={section.label} aria-label={t(`nav.${section.label}`)}>
          <ul className={tabBarClass}>
            {section.children?.map((tab) => {
              const current = isInSection(tab, pathname);
              return (
                <li key={tab.to}>
                  <Link
                    to={tab.to}
                    search={keptSearch(tab)}
                    aria-current={current ? "page" : undefined}
                    data-state={current ? "active" : "inactive"}
                    className={tabTriggerClass}
                  >
                    {t(`nav.${tab.label}`)}
                    {tab.unreadBadge ? <UnreadBadge className="ml-1.5" /> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ))}
    </div>
  );
}
