import { fieldErrorFromIssue } from "@fizio/domain";
import type { z } from "zod";
import { currentLocale, fizMessage } from "./i18n";

/**
 * A file checked by the upload's schema before anything is sent: the parsed request, or the localised message of
 * its first problem (type, size: FIZ056/FIZ057).
 */
export function checkUpload<T extends z.ZodType>(
  schema: T,
  request: unknown,
): { ok: true; data: z.infer<T> } | { ok: false; message: string } {
  const checked = schema.safeParse(request);
  if (checked.success) return { ok: true, data: checked.data };
  const field = fieldErrorFromIssue(checked.error.issues[0]!);
  return { ok: false, message: fizMessage(field.code, currentLocale(), field.params) };
}

/** PUTs the file to storage on a URL signed for it; the ETag (unquoted) is what completing the upload checks. */
export async function putSigned(url: string, file: Blob): Promise<string> {
  const response = await fetch(url, { method: "PUT", body: file });
  if (!response.ok) throw new Error(`storage answered ${response.status}`);
  return (response.headers.get("etag") ?? "").replaceAll('"', "");
}
