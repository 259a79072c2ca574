import "@fizio/ui/fonts.css";
import "./index.css";
import type { ClientConfig } from "@fizio/domain";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { App } from "./app";
import { createApiErrorPolicy } from "./features/session/api-error-policy";
import { cachedSessionUser, forgetSession } from "./features/session/session";
import { StartupError } from "./features/shell/startup-error";
import { loadConfig } from "./lib/config";
import { i18n } from "./lib/i18n";
import { createQueryClient } from "./lib/query-client";
import { reportClientError, reportUncaughtErrors } from "./lib/report-client-error";
import { recordApiError, startTelemetry } from "./lib/telemetry";
import { createTrpcUtils } from "./lib/trpc";
import { createAppRouter } from "./router";

const root = createRoot(document.getElementById("root") as HTMLElement);

function start(config: ClientConfig) {
  const queryClient = createQueryClient((error, kind, procedure) => {
    onApiError(error, kind, procedure);
    recordApiError(error, kind, procedure);
  });
  const trpc = createTrpcUtils(queryClient);
  const router = createAppRouter({ queryClient, trpc });
  const role = () => cachedSessionUser(trpc)?.role;
  const onApiError = createApiErrorPolicy({
    location: () => window.location,
    role,
    report: reportClientError,
    // Leave the signed-in pages before forgetting the user: cleared while they are shown, they redirect to
    // the login page themselves, each time with the login page's own address as the way back, without end.
    signOut: (redirect) => {
      void router
        .navigate({ to: "/login", search: { redirect } })
        .then(() => forgetSession(queryClient, trpc));
    },
  });
  reportUncaughtErrors(role);
  startTelemetry(config, router);
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

/** Spec §7: the app starts only once /config.json is loaded; without it, it says so and stops. */
loadConfig()
  .then(start)
  .catch((error: unknown) => {
    console.error("Fizio could not load /config.json", error);
    root.render(
      <I18nextProvider i18n={i18n}>
        <StartupError />
      </I18nextProvider>,
    );
  });
