import { TERMS_VERSION } from "@fizio/domain";
import { Button, CardContent, CardFooter, CardHeader, CardTitle } from "@fizio/ui";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useSetSessionUser } from "../session/use-session";
import { TermsDocument } from "../terms/terms-document";
import { useReadToEnd } from "../terms/use-read-to-end";

/** Spec §2: the terms must be read to the end before Agree is enabled. */
export function TermsGate() {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const read = useReadToEnd(box, end);
  const setUser = useSetSessionUser();
  const accept = trpc.terms.accept.useMutation({
    onSuccess: ({ user }) => setUser(user),
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  return (
    <>
      <CardHeader>
        <CardTitle as="h1">{t("terms.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <div
          ref={box}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling box must be reachable by keyboard to scroll it
          tabIndex={0}
          data-testid="terms-scroll"
          className="max-h-[50dvh] overflow-y-auto rounded-md border bg-background p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <TermsDocument />
          <div ref={end} className="h-px" />
        </div>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {read ? "" : t("terms.scrollHint")}
        </p>
        <Button
          disabled={!read || accept.isPending}
          onClick={() => accept.mutate({ version: TERMS_VERSION, readToEnd: true })}
        >
          {accept.isPending ? t("terms.agreeing") : t("terms.agree")}
        </Button>
      </CardFooter>
    </>
  );
}
