/** One content line of an iCalendar file (RFC 5545 §3.1): its name, parameters and unescaped value. */
export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcsEvent {
  method: string | undefined;
  /** The VEVENT's properties, in order; a name can repeat (ATTENDEE). */
  event: IcsProperty[];
  one: (name: string) => IcsProperty;
  all: (name: string) => IcsProperty[];
}

const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

/** Splits `NAME;P1=v;P2="a:b":value` at the first colon outside quotes. */
function parseLine(line: string): IcsProperty {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) {
      colon = i;
      break;
    }
  }
  const [name = "", ...rawParams] = line.slice(0, colon).split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const params = Object.fromEntries(
    rawParams.map((p) => {
      const eq = p.indexOf("=");
      return [p.slice(0, eq).toUpperCase(), p.slice(eq + 1).replace(/^"|"$/g, "")];
    }),
  );
  return { name: name.toUpperCase(), params, value: unescapeText(line.slice(colon + 1)) };
}

/** Reads the one VEVENT of an invitation and the calendar's METHOD, unfolding folded lines first. */
export function parseIcs(text: string): IcsEvent {
  const lines = text
    .replace(/\r?\n[ \t]/g, "")
    .split(/\r?\n/)
    .filter(Boolean)
    .map(parseLine);
  const begin = lines.findIndex((p) => p.name === "BEGIN" && p.value === "VEVENT");
  const end = lines.findIndex((p) => p.name === "END" && p.value === "VEVENT");
  if (begin < 0 || end < begin || lines.filter((p) => p.value === "VEVENT").length !== 2)
    throw new Error(`expected exactly one VEVENT in:\n${text}`);
  const event = lines.slice(begin + 1, end);
  const all = (name: string) => event.filter((p) => p.name === name);
  return {
    method: lines.slice(0, begin).find((p) => p.name === "METHOD")?.value,
    event,
    all,
    one: (name) => {
      const found = all(name);
      if (found.length !== 1) throw new Error(`expected one ${name}, found ${found.length}:\n${text}`);
      return found[0]!;
    },
  };
}

/** An iCalendar UTC date-time (19970714T173000Z) as a Date; anything else (floating, TZID) is an error. */
export function utcInstant(property: IcsProperty): Date {
  const m = property.value.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  if (!m || property.params.TZID) throw new Error(`${property.name} is not in UTC: ${property.value}`);
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}
