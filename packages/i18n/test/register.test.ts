import { allAuditActions } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import {
  analysisFailureMessages,
  appointmentWith,
  auditActionLabel,
  documentTexts,
  type EventEmailData,
  type EventEmailKind,
  emailTexts,
  errorMessages,
  type NotificationEmailKind,
  renderEventEmail,
  renderNotification,
  uiMessages,
} from "../src";

/** A word among alternatives, with letters (accented ones too) on neither side. */
const words = (alternatives: readonly string[]) =>
  new RegExp(`(?<!\\p{L})(?:${alternatives.join("|")})(?!\\p{L})`, "iu");

/** tú's pronouns and possessives ("tu proveedor", "te asigne", "de ti"). */
const PRONOUNS = ["tú", "tu", "tus", "te", "ti", "contigo", "tuyos?", "tuyas?"];

/**
 * tú's verb forms that no other person shares: those the catalogues had ("puedes", "tienes", "entrarás",
 * "entraste", "hayas", "deberías", "oyes", "das"…) and the ones a sentence to a patient would reach for next.
 */
const VERBS = [
  "puedes",
  "puedas",
  "podrás",
  "podrías",
  "tienes",
  "tengas",
  "tendrás",
  "quieres",
  "quieras",
  "debes",
  "debas",
  "deberías",
  "estás",
  "estés",
  "eres",
  "seas",
  "serás",
  "haces",
  "hagas",
  "harás",
  "has",
  "hayas",
  "habrás",
  "das",
  "oyes",
  "oigas",
  "ves",
  "veas",
  "verás",
  "vas",
  "vayas",
  "sabes",
  "sepas",
  "sales",
  "salgas",
  "necesitas",
  "respondes",
  "completes",
  "grabes",
  "recibirás",
  "entrarás",
  "entraste",
  "hiciste",
  "pudiste",
  "tuviste",
  "viniste",
  "haz",
  "hazlo",
  "hazla",
  "pon",
  "ponlo",
  "ponte",
  "ten",
  "mantén",
  "date",
  "vete",
  "dilo",
  "inténtalo",
  "pruébalo",
  "grábalo",
  "míralo",
  "déjalo",
  "guárdalo",
  "súbelo",
  "léelo",
  "colocarte",
  "moverte",
  "ponerte",
  "sentarte",
  "levantarte",
  "admitirte",
  "dejarte",
  "invitarte",
  "ayudarte",
  "avisarte",
  "enviarte",
];

/** tú's imperatives that are also a third person ("el paciente graba"): tú's only where a sentence starts with them. */
const IMPERATIVES = [
  "mira",
  "coloca",
  "prepara",
  "conecta",
  "retrocede",
  "aumenta",
  "gira",
  "pulsa",
  "toca",
  "revisa",
  "inicia",
  "crea",
  "sube",
  "elige",
  "responde",
  "graba",
  "lee",
  "descansa",
  "escribe",
  "abre",
  "espera",
  "intenta",
  "prueba",
  "usa",
  "añade",
  "agrega",
  "guarda",
  "cambia",
  "busca",
  "comprueba",
  "recuerda",
  "avisa",
  "llama",
  "envía",
  "contesta",
  "introduce",
  "selecciona",
  "permite",
];
const SENTENCE_START = "(?:^|[.:;!?¿¡]\\s*|por favor,\\s*)";

const TU = [
  words([...PRONOUNS, ...VERBS]),
  new RegExp(`${SENTENCE_START}(?:${IMPERATIVES.join("|")})(?!\\p{L})`, "iu"),
  // An imperative with "te" after its stress: colócate, quédate, muévete, prepárate, asegúrate (adverbs in -mente
  // and "límite" are not).
  /(?<!\p{L})(?!\p{L}*mente(?!\p{L})|límite(?!\p{L}))\p{L}*[áéíóú]\p{L}*te(?!\p{L})/iu,
  // The future: entrarás, recibirás (not atrás, detrás).
  /(?<!\p{L})(?!(?:a|de)trás(?!\p{L}))\p{L}+rás(?!\p{L})/iu,
  // An infinitive with "te": colocarte, admitirte (not a third person such as comparte or convierte).
  /(?<!\p{L})(?!(?:com|re|contra)parte|estandarte|baluarte|descarte|(?:con|ad|in|di|sub)vierte|despierte|acierte|concierte)\p{L}{3,}(?:ar|er|ir)te(?!\p{L})/iu,
];

/** Every string of a catalogue or template; a template's functions are called with a stand-in. */
function leaves(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (typeof node === "function") return leaves(node("X", "X", "X"));
  if (node && typeof node === "object") return Object.values(node).flatMap(leaves);
  return [];
}

// Records over the kinds, so a kind added later fails to compile until the test reads its texts too.
const notificationKinds: Record<NotificationEmailKind, true> = {
  messageReceived: true,
  engagementMessage: true,
  planAssigned: true,
  planChanged: true,
  assessmentAssigned: true,
  analysisCompleted: true,
  analysisFailed: true,
  passwordChanged: true,
};
const eventKinds: Record<EventEmailKind, true> = {
  booked: true,
  changed: true,
  cancelled: true,
  reminder: true,
  visitInvitation: true,
};
const eventActions: Record<NonNullable<EventEmailData["action"]>["kind"], true> = {
  cancel: true,
  open: true,
  join: true,
};

function templateTexts(): string[] {
  const data = { name: "X", about: "X", url: "https://x.test" };
  const event = (kind: EventEmailKind, action: keyof typeof eventActions) =>
    renderEventEmail(kind, "es", {
      name: "X",
      what: "X",
      when: "X",
      with: "X",
      where: { url: "https://x.test" },
      contact: { name: "X", email: "x@x.test", phone: { shown: "1", digits: "1" } },
      action: { kind: action, url: "https://x.test" },
    });
  return [
    ...Object.values(emailTexts).flatMap((texts) => leaves(texts.es)),
    ...(Object.keys(notificationKinds) as NotificationEmailKind[]).flatMap((kind) => {
      const { subject, text, sms } = renderNotification(kind, "es", data);
      return [subject, text, sms];
    }),
    ...(Object.keys(eventKinds) as EventEmailKind[]).flatMap((kind) =>
      (Object.keys(eventActions) as (keyof typeof eventActions)[]).flatMap((action) => {
        const { subject, text } = event(kind, action);
        return [subject, text];
      }),
    ),
    appointmentWith("es", "X"),
    ...leaves(documentTexts.es),
    ...allAuditActions().flatMap((action) => auditActionLabel(action, "es") ?? []),
  ];
}

describe("Spanish speaks to its reader as usted everywhere", () => {
  const texts = [
    ...leaves(uiMessages.es),
    ...leaves(errorMessages.es),
    ...leaves(analysisFailureMessages.es),
    ...templateTexts(),
  ].map((text) => text.replace(/\{\{\w+\}\}/g, " "));

  it("reads the catalogues and the email, text message, PDF and audit templates", () => {
    expect(texts.length).toBeGreaterThan(2000);
  });

  it("has no tú", () => {
    expect(texts.filter((text) => TU.some((pattern) => pattern.test(text)))).toEqual([]);
  });

  it.each([
    "Coloca tu teléfono",
    "A 1 metro de ti",
    "Cuando tu proveedor te asigne un plan",
    "¿Te cuesta colocarte? Puedes empezar a grabar ahora.",
    "Por favor, colócate dentro del recuadro",
    "Entrarás en cuanto su profesional se una. Mantén esta página abierta.",
    "Entraste a esta consulta desde otra pestaña",
    "Muy bien, quédate quieto",
    "Mira el video",
    "Por favor, gira su dispositivo",
    "Se acabó el tiempo. Pulsa Hecho cuando hayas terminado.",
    "Vuelve si el profesional vuelve a admitirte.",
  ])("catches tú in %j", (text) => {
    expect(TU.some((pattern) => pattern.test(text))).toBe(true);
  });

  it.each([
    "Coloque su teléfono",
    "Sigue guardada en este dispositivo.",
    "El paciente graba cada movimiento",
    "Las listas de las que elige el resto del producto.",
    "{{name}} comparte su pantalla y se convierte en presentador",
    "Rápidamente, dentro del límite, en una parte de la pantalla",
    "Atrás",
    "Colóquese dentro del recuadro y muévase despacio. Inténtelo de nuevo.",
    "Ha salido de la consulta",
  ])("leaves usted alone in %j", (text) => {
    expect(TU.some((pattern) => pattern.test(text))).toBe(false);
  });
});
