/** The patient's recording uploads: progress under the session and the header's pending indicator. */
export const upload = {
  progressLabel: "Recording upload",
  recording: "Recording…",
  saving: "Saving your recording on this device…",
  waiting: "Waiting to upload your recording…",
  uploading: "Uploading your recording: {{percent}}%",
  offline:
    "You are offline. Your recording is saved on this device and will upload when you are back online.",
  retrying: "The upload was interrupted; trying again…",
  uploaded: "Your recording was uploaded and is being analyzed.",
  failed: "Your recording could not be uploaded: {{reason}} It stays saved on this device.",
  pending_one: "{{count}} recording waiting to upload",
  pending_other: "{{count}} recordings waiting to upload",
  pendingOffline: "Offline: {{count}} waiting",
};
