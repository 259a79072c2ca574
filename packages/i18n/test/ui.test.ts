import { describe, expect, it } from "vitest";
import { createI18n, uiMessages } from "../src";

/** Every leaf of a catalogue as "a.b.0.c" → text. */
function leaves(node: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === "string") {
    out.set(prefix, node);
    return out;
  }
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    for (const [path, text] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(path, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("UI catalogue", () => {
  const en = leaves(uiMessages.en);
  const es = leaves(uiMessages.es);

  it("has the same keys in English and Spanish", () => {
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("has no empty strings and the same placeholders in both languages", () => {
    for (const [path, text] of en) {
      expect(text.trim(), path).not.toBe("");
      expect(es.get(path)?.trim(), path).not.toBe("");
      expect(placeholders(es.get(path) ?? ""), path).toEqual(placeholders(text));
    }
  });

  it("keeps the spec's navigation labels in English", () => {
    const nav = uiMessages.en.nav;
    expect([
      nav.home,
      nav.toDo,
      nav.pastActivity,
      nav.medicalHistory,
      nav.treatmentPlans,
      nav.logout,
    ]).toEqual(["Home", "To Do", "Past Activity", "Medical History", "Treatment Plans", "Logout"]);
    expect(uiMessages.en.pagination.summary).toBe("{{from}}-{{to}} of {{total}} items");
  });

  it("creates a ready instance that translates and interpolates", () => {
    const i18n = createI18n("es");
    expect(i18n.t("nav.home")).toBe("Inicio");
    expect(i18n.t("pagination.summary", { from: 1, to: 20, total: 42 })).toBe("1-20 de 42 elementos");
    expect(i18n.getFixedT("en")("nav.home")).toBe("Home");
  });
});
