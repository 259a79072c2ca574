import { escapeHtml } from "./html";
import type { Locale } from "./types";

interface EmailText {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  footer: string;
}

const recovery: Record<Locale, EmailText> = {
  en: {
    subject: "Reset your Fizio password",
    greeting: (name) => `Hello ${name},`,
    body: "We received a request to reset your password. The link below works once and expires in 60 minutes.",
    action: "Choose a new password",
    footer: "If you did not ask for this, you can ignore this email: your password stays the same.",
  },
  es: {
    subject: "Restablezca su contraseña de Fizio",
    greeting: (name) => `Hola ${name}:`,
    body: "Recibimos una solicitud para restablecer su contraseña. El enlace funciona una sola vez y caduca en 60 minutos.",
    action: "Elegir una nueva contraseña",
    footer: "Si no lo solicitó, puede ignorar este correo: su contraseña no cambia.",
  },
};

const welcome: Record<Locale, EmailText> = {
  en: {
    subject: "Your Fizio account is ready",
    greeting: (name) => `Hello ${name},`,
    body: "An account was created for you. Choose your password to sign in; the link works once and expires in 60 minutes.",
    action: "Set your password",
    footer: "Questions? Reply to your care team from the Messages page once you are in.",
  },
  es: {
    subject: "Su cuenta de Fizio está lista",
    greeting: (name) => `Hola ${name}:`,
    body: "Se creó una cuenta para usted. Elija su contraseña para iniciar sesión; el enlace funciona una vez y caduca en 60 minutos.",
    action: "Establecer su contraseña",
    footer: "¿Preguntas? Escriba a su equipo de atención desde Mensajes cuando haya entrado.",
  },
};

/** Sent when repeated failed sign-ins first lock an account, so its owner learns of a guessing attempt. */
const signInLocked: Record<Locale, EmailText> = {
  en: {
    subject: "Sign-in to your Fizio account is paused",
    greeting: (name) => `Hello ${name},`,
    body: "Someone entered a wrong password for your account several times, so sign-in is paused for a few minutes. If it was you, wait and try again. If it was not, choose a new password.",
    action: "Choose a new password",
    footer: "Your password has not been changed and no one has signed in.",
  },
  es: {
    subject: "El inicio de sesión en su cuenta de Fizio está en pausa",
    greeting: (name) => `Hola ${name}:`,
    body: "Alguien introdujo varias veces una contraseña incorrecta para su cuenta, por lo que el inicio de sesión está en pausa unos minutos. Si fue usted, espere e inténtelo de nuevo. Si no, elija una nueva contraseña.",
    action: "Elegir una nueva contraseña",
    footer: "Su contraseña no ha cambiado y nadie ha iniciado sesión.",
  },
};

/** Sent when a patient's own copy of their data (Profile → Download my data) is ready. */
const dataExportReady: Record<Locale, EmailText> = {
  en: {
    subject: "Your Fizio data is ready to download",
    greeting: (name) => `Hello ${name},`,
    body: "The copy of your data you asked for (your health record, documents and recordings) is ready. Sign in and download it from your profile within 7 days; after that it is deleted and you can ask for a new one.",
    action: "Download my data",
    footer: "If you did not ask for this, change your password and tell your care team.",
  },
  es: {
    subject: "Sus datos de Fizio están listos para descargar",
    greeting: (name) => `Hola ${name}:`,
    body: "La copia de sus datos que solicitó (su historia clínica, documentos y grabaciones) está lista. Inicie sesión y descárguela desde su perfil en un plazo de 7 días; después se elimina y puede solicitar una nueva.",
    action: "Descargar mis datos",
    footer: "Si no lo solicitó, cambie su contraseña y avise a su equipo de atención.",
  },
};

/** Sent when an admin removes a user's second factor (a lost phone), so a reset they did not ask for is noticed. */
const twoFactorReset: Record<Locale, EmailText> = {
  en: {
    subject: "Two-factor sign-in was reset on your Fizio account",
    greeting: (name) => `Hello ${name},`,
    body: "An administrator removed the authenticator app and recovery codes from your account. You will sign in with your password; if your role requires it, you will set up a new authenticator right after.",
    action: "Sign in",
    footer: "If you did not ask for this, tell your administrator and choose a new password.",
  },
  es: {
    subject: "Se restableció el inicio de sesión en dos pasos de su cuenta de Fizio",
    greeting: (name) => `Hola ${name}:`,
    body: "Un administrador quitó la aplicación de autenticación y los códigos de recuperación de su cuenta. Iniciará sesión con su contraseña; si su función lo exige, configurará una nueva aplicación de autenticación justo después.",
    action: "Iniciar sesión",
    footer: "Si no lo solicitó, avise a su administrador y elija una nueva contraseña.",
  },
};

/** Sent when a user turns their own second factor off, so a change they did not make is noticed. */
const twoFactorDisabled: Record<Locale, EmailText> = {
  en: {
    subject: "Two-factor sign-in was turned off on your Fizio account",
    greeting: (name) => `Hello ${name},`,
    body: "Two-factor sign-in was turned off from your profile's Security page, after your password and a code from your authenticator app were entered. You will now sign in with your password only; you can turn it on again from the same page.",
    action: "Open Security",
    footer: "If you did not do this, choose a new password and turn two-factor sign-in on again.",
  },
  es: {
    subject: "Se desactivó el inicio de sesión en dos pasos de su cuenta de Fizio",
    greeting: (name) => `Hola ${name}:`,
    body: "El inicio de sesión en dos pasos se desactivó desde la página Seguridad de su perfil, tras introducir su contraseña y un código de su aplicación de autenticación. Ahora iniciará sesión solo con su contraseña; puede volver a activarlo desde la misma página.",
    action: "Abrir Seguridad",
    footer:
      "Si no fue usted, elija una nueva contraseña y vuelva a activar el inicio de sesión en dos pasos.",
  },
};

export const emailTexts = {
  recovery,
  welcome,
  signInLocked,
  dataExportReady,
  twoFactorReset,
  twoFactorDisabled,
} as const;
export type EmailKind = keyof typeof emailTexts;

/** A plain-text and HTML email with one call to action. */
export function renderActionEmail(kind: EmailKind, locale: Locale, name: string, url: string) {
  const t = emailTexts[kind][locale];
  const text = `${t.greeting(name)}\n\n${t.body}\n\n${t.action}: ${url}\n\n${t.footer}\n`;
  const html = `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(t.footer)}</p>`;
  return { subject: t.subject, text, html };
}
