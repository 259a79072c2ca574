import type { Random } from "./random";

/**
 * A string matching a regular expression, for the patterns input schemas use: anchors, groups, alternation,
 * classes (ranges, negation, \d \w \s), the dot and quantifiers. Backreferences and lookarounds are not read;
 * a schema using them gets a string its other checks then refuse, which the fuzzer notices and reports.
 */
type Node =
  | { kind: "chars"; set: string[] }
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; options: Node[] }
  | { kind: "repeat"; node: Node; min: number; max: number };

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const DIGITS = [..."0123456789"];
const WORD = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"];
const SPACE = [" "];
/** Unbounded repeats (*, +, {n,}) draw at most this many more than their minimum. */
const SPREAD = 4;

function escapeSet(c: string): string[] {
  if (c === "d") return DIGITS;
  if (c === "w") return WORD;
  if (c === "s") return SPACE;
  if (c === "D") return PRINTABLE.filter((x) => !DIGITS.includes(x));
  if (c === "W") return PRINTABLE.filter((x) => !WORD.includes(x));
  if (c === "S") return PRINTABLE.filter((x) => x !== " ");
  if (c === "n") return ["\n"];
  if (c === "t") return ["\t"];
  return [c];
}

class Parser {
  private i = 0;
  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.source.length) throw new Error(`unread regex at ${this.i}: ${this.source}`);
    return node;
  }

  private peek() {
    return this.source[this.i];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === "|") {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: "alt", options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.source.length && this.peek() !== "|" && this.peek() !== ")") {
      const atom = this.atom();
      if (atom) items.push(this.quantified(atom));
    }
    return { kind: "seq", items };
  }

  private atom(): Node | null {
    const c = this.source[this.i++] as string;
    if (c === "^" || c === "$") return null;
    if (c === "(") {
      if (this.source.startsWith("?:", this.i)) this.i += 2;
      const inner = this.alternation();
      this.i++; // ")"
      return inner;
    }
    if (c === "[") return this.charClass();
    if (c === ".") return { kind: "chars", set: PRINTABLE };
    if (c === "\\") return { kind: "chars", set: escapeSet(this.source[this.i++] as string) };
    return { kind: "chars", set: [c] };
  }

  private charClass(): Node {
    const negated = this.peek() === "^";
    if (negated) this.i++;
    const set: string[] = [];
    while (this.peek() !== "]") {
      let c = this.source[this.i++] as string;
      if (c === "\\") {
        const escaped = escapeSet(this.source[this.i++] as string);
        if (escaped.length > 1) {
          set.push(...escaped);
          continue;
        }
        c = escaped[0] as string;
      }
      if (this.peek() === "-" && this.source[this.i + 1] !== "]") {
        this.i++;
        let end = this.source[this.i++] as string;
        if (end === "\\") end = this.source[this.i++] as string;
        for (let code = c.charCodeAt(0); code <= end.charCodeAt(0); code++)
          set.push(String.fromCharCode(code));
      } else set.push(c);
    }
    this.i++; // "]"
    return { kind: "chars", set: negated ? PRINTABLE.filter((x) => !set.includes(x)) : set };
  }

  private quantified(node: Node): Node {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === "?") [min, max] = [0, 1];
    else if (c === "*") [min, max] = [0, SPREAD];
    else if (c === "+") [min, max] = [1, 1 + SPREAD];
    else if (c === "{" && /^\{\d+(,\d*)?\}/.test(this.source.slice(this.i))) {
      const [, low, comma, high] = /^\{(\d+)(,)?(\d*)\}/.exec(this.source.slice(this.i)) as RegExpExecArray;
      min = Number(low);
      max = comma ? (high ? Number(high) : min + SPREAD) : min;
      this.i += (/^\{[^}]*\}/.exec(this.source.slice(this.i)) as RegExpExecArray)[0].length - 1;
    } else return node;
    this.i++;
    if (this.peek() === "?") this.i++;
    return { kind: "repeat", node, min, max };
  }
}

function generate(node: Node, random: Random): string {
  switch (node.kind) {
    case "chars":
      return random.pick(node.set);
    case "seq":
      return node.items.map((item) => generate(item, random)).join("");
    case "alt":
      return generate(random.pick(node.options), random);
    case "repeat": {
      const count = random.int(node.min, Math.min(node.max, node.min + SPREAD));
      return Array.from({ length: count }, () => generate(node.node, random)).join("");
    }
  }
}

const parsed = new Map<string, Node>();

export function sampleRegex(pattern: RegExp, random: Random): string {
  let node = parsed.get(pattern.source);
  if (!node) {
    node = new Parser(pattern.source).parse();
    parsed.set(pattern.source, node);
  }
  return generate(node, random);
}
