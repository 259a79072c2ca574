/**
 * What to do after a failed step: retry later (network, server or storage trouble, a part missing at
 * completion), restart with a new server upload (the old one is gone or spent), stop until the patient signs in
 * again, or give up because the server refuses this file for good (the chunks stay on the device).
 */
export type FailureKind = "retry" | "restart" | "signedOut" | "refused";

export interface StepFailure {
  /** HTTP status; undefined or 0 when the request never got an answer. */
  status: number | undefined;
  fiz: string | null;
  params: Record<string, unknown>;
}

export function failureKind({ status, fiz, params }: StepFailure): FailureKind {
  if (!status || status >= 500 || status === 408 || status === 429) return "retry";
  if (status === 401) return "signedOut";
  if (fiz === "FIZ106") return "restart";
  // Completion names the parts storage lacks: send them again. Without them, the upload is spent.
  if (fiz === "FIZ305") return params.partNumbers ? "retry" : "restart";
  // A presigned PUT refused by storage (URL expired, upload gone): sign again, and listParts tells the rest.
  if (!fiz) return "retry";
  return "refused";
}
