/**
 * Object keys are deterministic per entity so a re-run overwrites instead of duplicating, and everything of
 * one organisation sits under one prefix.
 */
function segment(value: string, what: string): string {
  if (!value || value.includes("/") || value === "." || value === "..") {
    throw new Error(`invalid ${what} for a storage key: ${JSON.stringify(value)}`);
  }
  return value;
}

/** Everything of one organisation sits under this prefix. */
export const organizationPrefix = (organizationId: string) =>
  `orgs/${segment(organizationId, "organization id")}/`;

/**
 * A key of plain segments only: none empty, "." or "..", no backslash or control character. A store that maps
 * keys to paths (the local S3 keeps objects as files) could otherwise read one prefix's key as another's object.
 */
export function isPlainKey(key: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (key.length === 0 || key.length > 1024 || /[\\\u0000-\u001f\u007f]/.test(key)) return false;
  return key.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

/** A plain key under one of `prefixes` (each ending in "/"). */
export const isKeyUnder = (key: string, prefixes: readonly string[]) =>
  isPlainKey(key) && prefixes.some((prefix) => key.startsWith(prefix));

export function recordingKey(organizationId: string, recordingId: string, name: string): string {
  return `${organizationPrefix(organizationId)}recordings/${segment(recordingId, "recording id")}/${segment(name, "name")}`;
}

export function referenceVideoKey(organizationId: string, referenceVideoId: string, name: string): string {
  return `${organizationPrefix(organizationId)}reference-videos/${segment(referenceVideoId, "reference video id")}/${segment(name, "name")}`;
}

/** A message attachment: the file's own name stays in the database, the key holds only its extension. */
export function messageAttachmentKey(
  organizationId: string,
  attachmentId: string,
  extension: string,
): string {
  return `${organizationPrefix(organizationId)}message-attachments/${segment(attachmentId, "attachment id")}/file${segment(extension, "extension")}`;
}

/** A patient's own copy of their data (a zip), under their organisation. */
export const patientDataExportKey = (organizationId: string, exportId: string) =>
  `${organizationPrefix(organizationId)}data-exports/${segment(exportId, "export id")}.zip`;

export function patientDocumentKey(organizationId: string, documentId: string): string {
  return `${organizationPrefix(organizationId)}documents/${segment(documentId, "document id")}/document.pdf`;
}

/** An organisation's logo; a new upload gets a new key, so a cached old logo is never shown for the new one. */
export function organizationLogoKey(organizationId: string, logoId: string, extension: string): string {
  return `${organizationLogoPrefix(organizationId)}${segment(logoId, "logo id")}.${segment(extension, "extension")}`;
}

export const organizationLogoPrefix = (organizationId: string) =>
  `${organizationPrefix(organizationId)}logo/`;
