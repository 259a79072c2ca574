import { escapeHtml } from "./html";
import type { Locale } from "./types";

/** Notifications other than appointments (those carry an .ics: renderEventEmail). */
export type NotificationEmailKind =
  | "messageReceived"
  | "engagementMessage"
  | "planAssigned"
  | "planChanged"
  | "assessmentAssigned"
  | "analysisCompleted"
  | "analysisFailed"
  | "passwordChanged";

export interface NotificationData {
  name: string;
  /** What it is about: a sender, a plan, an assessment, an activity. */
  about: string;
  url: string;
}

interface Text {
  subject: (about: string) => string;
  body: (about: string) => string;
  action: string;
}

// Emails and texts say what happened and where to look, never clinical content: mail is not a secure channel.
const texts: Record<NotificationEmailKind, Record<Locale, Text>> = {
  messageReceived: {
    en: {
      subject: (from) => `New message from ${from}`,
      body: (from) => `${from} sent you a message in Fizio.`,
      action: "Read the message",
    },
    es: {
      subject: (from) => `Nuevo mensaje de ${from}`,
      body: (from) => `${from} le envió un mensaje en Fizio.`,
      action: "Leer el mensaje",
    },
  },
  engagementMessage: {
    en: {
      subject: (program) => `A message from your care team: ${program}`,
      body: (program) => `There is a new message of your program "${program}" in Fizio.`,
      action: "Read the message",
    },
    es: {
      subject: (program) => `Un mensaje de su equipo de atención: ${program}`,
      body: (program) => `Hay un nuevo mensaje de su programa "${program}" en Fizio.`,
      action: "Leer el mensaje",
    },
  },
  planAssigned: {
    en: {
      subject: (plan) => `New treatment plan: ${plan}`,
      body: (plan) => `Your provider assigned you the treatment plan "${plan}".`,
      action: "See your plan",
    },
    es: {
      subject: (plan) => `Nuevo plan de tratamiento: ${plan}`,
      body: (plan) => `Su proveedor le asignó el plan de tratamiento "${plan}".`,
      action: "Ver su plan",
    },
  },
  planChanged: {
    en: {
      subject: (plan) => `Your treatment plan changed: ${plan}`,
      body: (plan) => `Your provider changed your treatment plan "${plan}".`,
      action: "See your plan",
    },
    es: {
      subject: (plan) => `Su plan de tratamiento cambió: ${plan}`,
      body: (plan) => `Su proveedor cambió su plan de tratamiento "${plan}".`,
      action: "Ver su plan",
    },
  },
  assessmentAssigned: {
    en: {
      subject: (name) => `New assessment to complete: ${name}`,
      body: (name) => `Your provider asked you to complete the assessment "${name}".`,
      action: "Open the assessment",
    },
    es: {
      subject: (name) => `Nueva evaluación por completar: ${name}`,
      body: (name) => `Su proveedor le pidió completar la evaluación "${name}".`,
      action: "Abrir la evaluación",
    },
  },
  analysisCompleted: {
    en: {
      subject: (activity) => `Your results are ready: ${activity}`,
      body: (activity) => `The analysis of your recording of "${activity}" is complete.`,
      action: "See your results",
    },
    es: {
      subject: (activity) => `Sus resultados están listos: ${activity}`,
      body: (activity) => `El análisis de su grabación de "${activity}" terminó.`,
      action: "Ver sus resultados",
    },
  },
  analysisFailed: {
    en: {
      subject: (activity) => `We could not analyze your recording: ${activity}`,
      body: (activity) =>
        `The analysis of your recording of "${activity}" failed. Your recording is kept; please record the activity again.`,
      action: "Open Fizio",
    },
    es: {
      subject: (activity) => `No pudimos analizar su grabación: ${activity}`,
      body: (activity) =>
        `El análisis de su grabación de "${activity}" falló. Su grabación se conserva; grabe la actividad de nuevo.`,
      action: "Abrir Fizio",
    },
  },
  passwordChanged: {
    en: {
      subject: () => "Your Fizio password was changed",
      body: () =>
        "The password of your account was just changed. If it was not you, reset your password now and contact your clinic.",
      action: "Reset your password",
    },
    es: {
      subject: () => "Su contraseña de Fizio cambió",
      body: () =>
        "La contraseña de su cuenta acaba de cambiar. Si no fue usted, restablézcala ahora y contacte a su clínica.",
      action: "Restablecer su contraseña",
    },
  },
};

const greeting: Record<Locale, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  es: (name) => `Hola ${name}:`,
};

/** A notification as an email (text and HTML) and as a text message (subject and link). */
export function renderNotification(kind: NotificationEmailKind, locale: Locale, data: NotificationData) {
  const t = texts[kind][locale];
  const subject = t.subject(data.about);
  const body = t.body(data.about);
  const text = `${greeting[locale](data.name)}\n\n${body}\n\n${t.action}: ${data.url}\n`;
  const html = `<p>${escapeHtml(greeting[locale](data.name))}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(data.url)}">${escapeHtml(t.action)}</a></p>`;
  return { subject, text, html, sms: `Fizio: ${subject} ${data.url}` };
}
