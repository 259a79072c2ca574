import "@fizio/ui/fonts.css";
import "./index.css";
import type { ClientConfig } from "@fizio/domain";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { App } from "./app";
import { cachedSessionUser } from "./features/session/session";
import { StartupError } from "./features/shell/startup-error";
import { loadConfig } from "./lib/config";
import { startDataLayer } from "./lib/data-layer";
import { i18n } from "./lib/i18n";
import { reportUncaughtErrors } from "./lib/report-client-error";
import { startTelemetry } from "./lib/telemetry";
import { createAppRouter } from "./router";

const root = createRoot(document.getElementById("root") as HTMLElement);

/** The data layer's chunk (lib/data-layer.ts) starts downloading at once, beside /config.json. */
const dataLayerModule = () => import("./lib/create-data-layer");
dataLayerModule().catch(() => undefined);

function start(config: ClientConfig) {
  const router = createAppRouter();
  startDataLayer(() => dataLayerModule().then((module) => module.createDataLayer(router)));
  reportUncaughtErrors(() => cachedSessionUser()?.role);
  startTelemetry(config, router);
  root.render(
    <StrictMode>
      <App router={router} />
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
