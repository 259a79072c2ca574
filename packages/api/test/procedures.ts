import type { z } from "zod";
import { appRouter } from "../src/root";

export type ProcedureType = "query" | "mutation" | "subscription";
type Schema = z.core.$ZodType;
interface ProcedureDef {
  _def: { type: ProcedureType; inputs: Schema[] };
}

const all = () =>
  Object.entries(
    (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures,
  );

/** The paths ("messages.list") of the router's procedures of `types`, sorted. */
export function procedurePaths(...types: ProcedureType[]): string[] {
  return all()
    .filter(([, p]) => types.includes(p._def.type))
    .map(([path]) => path)
    .sort();
}

/** Calls `path` ("a.b.c") on a caller made by createCaller. */
export function callPath(api: unknown, path: string, input?: unknown): Promise<unknown> {
  let target = api as Record<string, unknown>;
  for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
  return (target as unknown as (input?: unknown) => Promise<unknown>)(input);
}

/** Adds the paths of a zod schema's uuid fields to `found`: `patientId`, `sessions[].activities[].referenceVideoId`. */
function addUuidFields(schema: Schema, path: string, found: Set<string>): void {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string) => schema._zod.def[key as never] as unknown as Schema;
  switch (def.type) {
    case "object":
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>))
        addUuidFields(field, path ? `${path}.${key}` : key, found);
      break;
    case "array":
      addUuidFields(inner("element"), `${path}[]`, found);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
    case "catch":
      addUuidFields(inner("innerType"), path, found);
      break;
    case "pipe":
      addUuidFields(inner("in"), path, found);
      break;
    case "union":
      for (const option of def.options as Schema[]) addUuidFields(option, path, found);
      break;
    case "intersection":
      addUuidFields(inner("left"), path, found);
      addUuidFields(inner("right"), path, found);
      break;
    case "string":
      if (def.format === "uuid") found.add(path);
      break;
  }
}

/** Every "procedure field" of the router whose input names a record by its uuid ("plans.get planId"), sorted. */
export function procedureIdFields(): string[] {
  return all()
    .flatMap(([path, p]) => {
      const found = new Set<string>();
      for (const input of p._def.inputs) addUuidFields(input, "", found);
      return [...found].map((field) => `${path} ${field}`);
    })
    .sort();
}
