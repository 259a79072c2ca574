import type { PlanStatus } from "@fizio/domain";
import type { Locale } from "./types";

/** The words of a generated patient document (PDF), in the patient's language. */
export const documentTexts: Record<
  Locale,
  {
    patient: string;
    dateOfBirth: string;
    generated: string;
    assessments: string;
    submitted: string;
    notAnswered: string;
    notSubmitted: string;
    /** A joint of a range-of-motion assessment, in degrees. */
    rangeOfMotion: (range: number, min: number, max: number) => string;
    notMeasured: string;
    plans: string;
    /** A plan's status beside its name. */
    planStatuses: Record<PlanStatus, string>;
    goal: string;
    diagnosis: string;
    session: (n: number, date: string) => string;
    reps: (reps: number, sets: number) => string;
    results: string;
    noResults: string;
    columns: { date: string; activity: string; joint: string; range: string; error: string; within: string };
    page: (n: number, total: number) => string;
  }
> = {
  en: {
    patient: "Patient",
    dateOfBirth: "Date of birth",
    generated: "Generated",
    assessments: "Assessments",
    submitted: "Submitted",
    notAnswered: "Not answered",
    notSubmitted: "Not submitted yet",
    rangeOfMotion: (range, min, max) => `${range}° of motion (${min}° to ${max}°)`,
    notMeasured: "Not measured yet",
    plans: "Treatment plans",
    planStatuses: {
      DRAFT: "Draft",
      CURRENT: "Current",
      COMPLETED: "Completed",
      TERMINATED: "Terminated",
      CANCELLED: "Canceled",
    },
    goal: "Long-term goal",
    diagnosis: "Diagnosis",
    session: (n, date) => `Session ${n} · ${date}`,
    reps: (reps, sets) => `${reps} reps × ${sets} sets`,
    results: "Latest results by joint",
    noResults: "No analyzed recordings yet.",
    columns: {
      date: "Date",
      activity: "Activity",
      joint: "Joint",
      range: "Range (°)",
      error: "Avg. error (°)",
      within: "Within tolerance",
    },
    page: (n, total) => `Page ${n} of ${total}`,
  },
  es: {
    patient: "Paciente",
    dateOfBirth: "Fecha de nacimiento",
    generated: "Generado",
    assessments: "Evaluaciones",
    submitted: "Enviada",
    notAnswered: "Sin respuesta",
    notSubmitted: "Aún no enviada",
    rangeOfMotion: (range, min, max) => `${range}° de movimiento (de ${min}° a ${max}°)`,
    notMeasured: "Aún sin medir",
    plans: "Planes de tratamiento",
    planStatuses: {
      DRAFT: "Borrador",
      CURRENT: "Actual",
      COMPLETED: "Completado",
      TERMINATED: "Terminado",
      CANCELLED: "Cancelado",
    },
    goal: "Objetivo a largo plazo",
    diagnosis: "Diagnóstico",
    session: (n, date) => `Sesión ${n} · ${date}`,
    reps: (reps, sets) => `${reps} repeticiones × ${sets} series`,
    results: "Últimos resultados por articulación",
    noResults: "Aún no hay grabaciones analizadas.",
    columns: {
      date: "Fecha",
      activity: "Actividad",
      joint: "Articulación",
      range: "Rango (°)",
      error: "Error medio (°)",
      within: "Dentro de tolerancia",
    },
    page: (n, total) => `Página ${n} de ${total}`,
  },
};
