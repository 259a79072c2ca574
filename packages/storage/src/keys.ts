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

export function recordingKey(organizationId: string, recordingId: string, name: string): string {
  return `orgs/${segment(organizationId, "organization id")}/recordings/${segment(recordingId, "recording id")}/${segment(name, "name")}`;
}

export function referenceVideoKey(organizationId: string, referenceVideoId: string, name: string): string {
  return `orgs/${segment(organizationId, "organization id")}/reference-videos/${segment(referenceVideoId, "reference video id")}/${segment(name, "name")}`;
}

/** A message attachment: the file's own name stays in the database, the key holds only its extension. */
export function messageAttachmentKey(
  organizationId: string,
  attachmentId: string,
  extension: string,
): string {
  return `orgs/${segment(organizationId, "organization id")}/message-attachments/${segment(attachmentId, "attachment id")}/file${segment(extension, "extension")}`;
}

export function patientDocumentKey(organizationId: string, documentId: string): string {
  return `orgs/${segment(organizationId, "organization id")}/documents/${segment(documentId, "document id")}/document.pdf`;
}

/** An organisation's logo; a new upload gets a new key, so a cached old logo is never shown for the new one. */
export function organizationLogoKey(organizationId: string, logoId: string, extension: string): string {
  return `${organizationLogoPrefix(organizationId)}${segment(logoId, "logo id")}.${segment(extension, "extension")}`;
}

export const organizationLogoPrefix = (organizationId: string) =>
  `orgs/${segment(organizationId, "organization id")}/logo/`;
