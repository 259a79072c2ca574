import { escapeHtml } from "./html";

/**
 * The clinic's contact details under an email it sends (its name, address, phone and email, one per line), so
 * a patient or visitor knows who wrote and how to reach the clinic. Nothing is added without any.
 */
export function withClinicFooter<T extends { text: string; html: string }>(
  email: T,
  lines: readonly string[],
): T {
  if (lines.length === 0) return email;
  return {
    ...email,
    text: `${email.text.trimEnd()}\n\n--\n${lines.join("\n")}\n`,
    html: `${email.html}<hr><p style="color:#4b5563;font-size:12px">${lines.map(escapeHtml).join("<br>")}</p>`,
  };
}
