import { escapeHtml } from "./html";
import type { Locale } from "./types";

export type EventEmailKind = "booked" | "changed" | "cancelled" | "reminder" | "visitInvitation";

interface EventEmailText {
  subject: (what: string) => string;
  greeting: (name: string) => string;
  body: string;
  when: string;
  with: string;
}

const texts: Record<EventEmailKind, Record<Locale, EventEmailText>> = {
  booked: {
    en: {
      subject: (what) => `Appointment booked: ${what}`,
      greeting: (name) => `Hello ${name},`,
      body: "Your appointment is booked. The attached invitation adds it to your calendar.",
      when: "When",
      with: "With",
    },
    es: {
      subject: (what) => `Cita reservada: ${what}`,
      greeting: (name) => `Hola ${name}:`,
      body: "Su cita está reservada. La invitación adjunta la añade a su calendario.",
      when: "Cuándo",
      with: "Con",
    },
  },
  changed: {
    en: {
      subject: (what) => `Appointment changed: ${what}`,
      greeting: (name) => `Hello ${name},`,
      body: "Your appointment has changed. The attached invitation updates your calendar.",
      when: "New time",
      with: "With",
    },
    es: {
      subject: (what) => `Cita modificada: ${what}`,
      greeting: (name) => `Hola ${name}:`,
      body: "Su cita ha cambiado. La invitación adjunta actualiza su calendario.",
      when: "Nueva hora",
      with: "Con",
    },
  },
  cancelled: {
    en: {
      subject: (what) => `Appointment canceled: ${what}`,
      greeting: (name) => `Hello ${name},`,
      body: "This appointment has been canceled. The attached file removes it from your calendar.",
      when: "Was at",
      with: "With",
    },
    es: {
      subject: (what) => `Cita cancelada: ${what}`,
      greeting: (name) => `Hola ${name}:`,
      body: "Esta cita ha sido cancelada. El archivo adjunto la elimina de su calendario.",
      when: "Era el",
      with: "Con",
    },
  },
  reminder: {
    en: {
      subject: (what) => `Reminder: ${what} tomorrow`,
      greeting: (name) => `Hello ${name},`,
      body: "A reminder of your coming appointment.",
      when: "When",
      with: "With",
    },
    es: {
      subject: (what) => `Recordatorio: ${what} mañana`,
      greeting: (name) => `Hola ${name}:`,
      body: "Un recordatorio de su próxima cita.",
      when: "Cuándo",
      with: "Con",
    },
  },
  visitInvitation: {
    en: {
      subject: (what) => `Invitation to a video visit: ${what}`,
      greeting: (name) => `Hello ${name},`,
      body: "You are invited to take part in a video visit. Open the link at the time of the visit and allow your camera and microphone; you wait in the waiting room until the provider lets you in. The link is yours alone: do not pass it on.",
      when: "When",
      with: "With",
    },
    es: {
      subject: (what) => `Invitación a una videoconsulta: ${what}`,
      greeting: (name) => `Hola ${name}:`,
      body: "Le invitamos a participar en una videoconsulta. Abra el enlace a la hora de la consulta y permita el uso de su cámara y micrófono; esperará en la sala de espera hasta que el profesional le deje entrar. El enlace es solo para usted: no lo comparta.",
      when: "Cuándo",
      with: "Con",
    },
  },
};

const actionLabels = {
  cancel: { en: "Cancel this appointment", es: "Cancelar esta cita" },
  open: { en: "Open your calendar", es: "Abrir su calendario" },
  join: { en: "Join the video visit", es: "Entrar a la videoconsulta" },
} as const;

const detailLabels = {
  en: { where: "Where", video: "Video visit", visitor: "Visitor", email: "Email", phone: "Phone" },
  es: {
    where: "Dónde",
    video: "Videoconsulta",
    visitor: "Visitante",
    email: "Correo electrónico",
    phone: "Teléfono",
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** The title of a visitor's copy in their calendar: whom they see, and where. */
export function appointmentWith(locale: Locale, who: string): string {
  return locale === "es" ? `Cita con ${who}` : `Appointment with ${who}`;
}

/** The date and time of an appointment as its reader says it, in their zone, with the zone named. */
export function formatAppointmentTime(start: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === "es" ? "es-US" : "en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(start);
}

/** Where a visit happens for one reader: the place, or their own link into the video visit. */
export type EventPlace = { place: string } | { url: string };

export interface EventEmailData {
  name: string;
  what: string;
  when: string;
  with: string;
  where?: EventPlace;
  /** How to reach the visitor who booked, for the provider they booked with (phone as shown, and as dialled). */
  contact?: { name: string; email: string; phone?: { shown: string; digits: string } };
  action?: { kind: keyof typeof actionLabels; url: string };
}

/** One line of the details: a label, a value, and where the value links to in the HTML. */
type Detail = { label: string; value: string; href?: string };

function detailsOf(kind: EventEmailKind, locale: Locale, data: EventEmailData): Detail[] {
  const t = texts[kind][locale];
  const l = detailLabels[locale];
  const details: Detail[] = [
    { label: t.when, value: data.when },
    { label: t.with, value: data.with },
  ];
  if (data.where && "url" in data.where)
    details.push({ label: l.video, value: data.where.url, href: data.where.url });
  else if (data.where) details.push({ label: l.where, value: data.where.place });
  if (data.contact) {
    const { name, email, phone } = data.contact;
    details.push(
      { label: l.visitor, value: name },
      { label: l.email, value: email, href: `mailto:${email}` },
    );
    if (phone) details.push({ label: l.phone, value: phone.shown, href: `tel:${phone.digits}` });
  }
  return details;
}

/**
 * An appointment email (booked, changed, cancelled, reminder, invitation) in plain text and HTML, and its
 * details alone in plain text, for the invitation's description.
 */
export function renderEventEmail(kind: EventEmailKind, locale: Locale, data: EventEmailData) {
  const t = texts[kind][locale];
  const action = data.action ? { label: actionLabels[data.action.kind][locale], url: data.action.url } : null;
  const details = detailsOf(kind, locale, data);
  const lines = details.map((d) => `${d.label}: ${d.value}`);
  const htmlLines = details.map((d) => {
    const value = d.href ? `<a href="${escapeHtml(d.href)}">${escapeHtml(d.value)}</a>` : escapeHtml(d.value);
    return `${escapeHtml(d.label)}: ${value}`;
  });
  const text = `${t.greeting(data.name)}\n\n${t.body}\n\n${data.what}\n${lines.join("\n")}\n${action ? `\n${action.label}: ${action.url}\n` : ""}`;
  const html = `<p>${escapeHtml(t.greeting(data.name))}</p><p>${escapeHtml(t.body)}</p><p><strong>${escapeHtml(data.what)}</strong><br>${htmlLines.join("<br>")}</p>${action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : ""}`;
  return { subject: t.subject(data.what), text, html, details: `${data.what}\n${lines.join("\n")}` };
}
