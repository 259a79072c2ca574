import type { SessionUser } from "@fizio/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { InboxLink, MailboxLive } from "../messages/unread";
import { NAV_BY_ROLE } from "../navigation/nav-items";
import { NavTree } from "../navigation/nav-tree";
import { SectionTabs } from "../navigation/section-tabs";
import { RecordingUploads } from "../recording-upload";
import { Brand } from "./brand";
import { MobileNav } from "./mobile-nav";
import { OrganizationLogo, OrganizationSwitcher } from "./organization-switcher";
import { UserMenu } from "./user-menu";

/** Header with the user menu, the role's navigation (sidebar or drawer) and the page. */
export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { t } = useTranslation();
  const items = NAV_BY_ROLE[user.role];
  return (
    <MailboxLive>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
        >
          {t("common.skipToContent")}
        </a>
        <header className="sticky top-0 z-40 flex h-14 items-center justify-between gap-2 border-b bg-background/95 px-2 backdrop-blur sm:px-4">
          <div className="flex items-center gap-1">
            <MobileNav
              items={items}
              top={user.role === "ROLE_PATIENT" ? null : <OrganizationSwitcher className="w-full" />}
            />
            <Brand />
            <OrganizationLogo />
            <RecordingUploads user={user} />
          </div>
          <div className="flex items-center gap-1">
            {user.role === "ROLE_PATIENT" ? null : <OrganizationSwitcher className="hidden w-56 md:block" />}
            <InboxLink />
            <UserMenu user={user} />
          </div>
        </header>
        <div className="flex flex-1">
          <aside className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-64 shrink-0 overflow-y-auto border-r bg-sidebar p-3 md:block">
            <nav aria-label={t("shell.mainNavigation")}>
              <NavTree items={items} />
            </nav>
          </aside>
          <main id="main" className="min-w-0 flex-1 px-4 py-5 sm:px-6 lg:px-8">
            <SectionTabs items={items} />
            {children}
          </main>
        </div>
      </div>
    </MailboxLive>
  );
}
