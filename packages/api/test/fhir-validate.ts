import type { Bundle, Resource } from "@medplum/fhirtypes";

/** The fields FHIR R4 requires (cardinality 1..) of each resource type the export writes. */
const REQUIRED: Record<string, string[]> = {
  Patient: [],
  Organization: [],
  Condition: ["subject"],
  MedicationStatement: ["status", "medicationCodeableConcept", "subject"],
  Procedure: ["status", "subject"],
  CarePlan: ["status", "intent", "subject"],
  QuestionnaireResponse: ["status"],
  Observation: ["status", "code"],
  DocumentReference: ["status", "content"],
};

const UUID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** FHIR JSON has no nulls, empty strings, arrays or objects: an absent element is left out. */
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

/** Every `reference` string anywhere inside a value. */
function references(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) references(v, found);
  else if (value && typeof value === "object")
    for (const [key, v] of Object.entries(value)) {
      if (key === "reference" && typeof v === "string") found.push(v);
      else references(v, found);
    }
  return found;
}

/**
 * Structural checks of a collection bundle as it goes over the wire (JSON): each entry has a urn:uuid fullUrl
 * matching its resource's id, known types with their required fields (and a non-empty content where FHIR says
 * 1..*), no empty values, and every reference resolves to an entry of the bundle. Returns the problems; none
 * means valid.
 */
export function bundleProblems(sent: Bundle): string[] {
  const bundle = JSON.parse(JSON.stringify(sent)) as Bundle;
  const problems = emptyValues(bundle, "Bundle").map((path) => `${path} is empty`);
  if (bundle.resourceType !== "Bundle") problems.push("not a Bundle");
  if (bundle.type !== "collection") problems.push(`type ${bundle.type}`);
  const entries = bundle.entry ?? [];
  const urls = new Set(entries.map((e) => e.fullUrl));
  if (urls.size !== entries.length) problems.push("two entries share a fullUrl");
  for (const [i, entry] of entries.entries()) {
    const resource = entry.resource as (Resource & Record<string, unknown>) | undefined;
    if (!resource) {
      problems.push(`entry ${i} has no resource`);
      continue;
    }
    const where = `${resource.resourceType}/${resource.id}`;
    if (!entry.fullUrl || !UUID.test(entry.fullUrl)) problems.push(`${where}: fullUrl ${entry.fullUrl}`);
    if (entry.fullUrl !== `urn:uuid:${resource.id}`) problems.push(`${where}: fullUrl does not match the id`);
    const required = REQUIRED[resource.resourceType];
    if (!required) problems.push(`${where}: unexpected type`);
    for (const field of required ?? [])
      if (resource[field] === undefined) problems.push(`${where}: no ${field}`);
    if (resource.resourceType === "QuestionnaireResponse")
      for (const item of (resource.item as { linkId?: string }[] | undefined) ?? [])
        if (!item.linkId) problems.push(`${where}: an item has no linkId`);
    for (const reference of references(resource))
      if (!urls.has(reference)) problems.push(`${where}: reference ${reference} is not in the bundle`);
  }
  return problems;
}
