import { CLIENT_ERROR_LIMITS, type ClientErrorInput, type Role } from "@fizio/domain";
import { loadDataLayer } from "./data-layer";
import { recordTelemetry } from "./telemetry";

/**
 * Sends an error to the server's error log (/audit/error-log), once the data layer is there. Goes through
 * the plain client, outside the query cache, so a failing report is never itself reported.
 */
export function reportClientError(input: ClientErrorInput): void {
  const report: ClientErrorInput = {
    ...input,
    message: input.message.slice(0, CLIENT_ERROR_LIMITS.message),
    stack: input.stack?.slice(0, CLIENT_ERROR_LIMITS.stack),
    path: input.path.slice(0, CLIENT_ERROR_LIMITS.path),
  };
  loadDataLayer()
    .then(({ client }) => client.audit.reportClientError.mutate(report))
    .catch(() => undefined);
  // Failed API calls reach telemetry on their own (recordApiError), with their procedure and FIZ code.
  if (input.kind !== "NETWORK") recordTelemetry({ type: "client_error", kind: input.kind });
}

/** Errors nothing else caught (event handlers, promises nobody awaited) go to the error log as UNHANDLED. */
export function reportUncaughtErrors(role: () => Role | undefined): void {
  const report = (message: string, stack: string | undefined) =>
    reportClientError({ kind: "UNHANDLED", message, stack, path: window.location.pathname, role: role() });
  window.addEventListener("error", (event) => report(event.message, event.error?.stack));
  window.addEventListener("unhandledrejection", (event) => report(String(event.reason), event.reason?.stack));
}
