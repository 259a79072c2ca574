import { appRouter } from "../src/root";

export type ProcedureType = "query" | "mutation" | "subscription";

/** Every procedure of the API's router by its path ("messages.list"), with its type. */
export function procedures(): Map<string, ProcedureType> {
  const map = (
    appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: ProcedureType } }> } }
  )._def.procedures;
  return new Map(Object.entries(map).map(([path, p]) => [path, p._def.type]));
}

/** The paths of the router's procedures of `types`, sorted. */
export function procedurePaths(...types: ProcedureType[]): string[] {
  return [...procedures()]
    .filter(([, type]) => types.includes(type))
    .map(([path]) => path)
    .sort();
}

/** Calls `path` ("a.b.c") on a caller made by createCaller. */
export function callPath(api: unknown, path: string, input?: unknown): Promise<unknown> {
  let target = api as Record<string, unknown>;
  for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
  return (target as unknown as (input?: unknown) => Promise<unknown>)(input);
}
