import type { AnalysisFailureMessages } from "../../types";

export const analysisFailures: AnalysisFailureMessages = {
  NOT_A_VIDEO: "El archivo subido no es un video.",
  UNSUPPORTED_CONTAINER:
    "El archivo subido no es un video MP4, MOV o WebM, por lo que no se puede analizar de forma segura.",
  NO_VIDEO_STREAM: "El archivo subido no contiene imagen de video.",
  ZERO_LENGTH: "El video subido está vacío.",
  TOO_LONG: "El video subido supera la duración máxima permitida.",
  TOO_LARGE: "La imagen del video subido supera el tamaño máximo permitido (4096 píxeles por lado).",
  CORRUPT: "El video subido está dañado y no se puede leer.",
  TIMED_OUT: "La decodificación del video subido tardó demasiado; grábelo de nuevo.",
  ORIGINAL_MISSING: "No se encontró el video subido en el almacenamiento; grábelo de nuevo.",
  REFERENCE_UNAVAILABLE: "No se pudo procesar el video de referencia de esta actividad.",
  ANALYSIS_ERROR: "No se pudo analizar el video tras varios intentos; inténtelo más tarde.",
  UPLOAD_INCOMPLETE: "El video no llegó completo; súbalo de nuevo.",
  UPLOAD_EXPIRED: "La subida no se terminó en 24 horas y ha caducado; súbalo de nuevo.",
};
