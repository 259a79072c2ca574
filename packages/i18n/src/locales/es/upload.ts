import type { upload as en } from "../en/upload";

export const upload: typeof en = {
  progressLabel: "Carga de la grabación",
  recording: "Grabando…",
  saving: "Guardando su grabación en este dispositivo…",
  waiting: "Esperando para subir su grabación…",
  uploading: "Subiendo su grabación: {{percent}}%",
  offline:
    "No tiene conexión. Su grabación está guardada en este dispositivo y se subirá cuando vuelva a estar en línea.",
  retrying: "La carga se interrumpió; intentándolo de nuevo…",
  uploaded: "Su grabación se subió y se está analizando.",
  failed: "No se pudo subir su grabación: {{reason}} Sigue guardada en este dispositivo.",
  pending_one: "{{count}} grabación esperando para subirse",
  pending_other: "{{count}} grabaciones esperando para subirse",
  pendingOffline: "Sin conexión: {{count}} en espera",
};
