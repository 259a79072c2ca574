import type { SessionUser } from "@fizio/domain";
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLogout } from "../session/use-logout";

export function UserMenu({ user, showProfile = true }: { user: SessionUser; showProfile?: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || "?";
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-10 gap-2 px-2" aria-label={t("shell.userMenu", { name })}>
          {/* The initials are drawn by CSS: as text they would be part of the button's visible label but not of
              its name (WCAG 2.5.3, label in name). */}
          <span
            aria-hidden
            data-initials={initials}
            className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground before:content-[attr(data-initials)]"
          />
          <span className="hidden max-w-40 truncate text-sm sm:inline">{name}</span>
          <ChevronDown className="opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          <span className="block text-xs font-normal text-muted-foreground">{t("shell.signedInAs")}</span>
          <span className="block truncate font-medium">{user.email}</span>
          <span className="block text-xs font-normal text-muted-foreground">{t(`roles.${user.role}`)}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {showProfile ? (
          <DropdownMenuItem asChild>
            <Link to="/profile/personal-information">
              <UserRound aria-hidden />
              {t("nav.profile")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => logout()}>
          <LogOut aria-hidden />
          {t("nav.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
