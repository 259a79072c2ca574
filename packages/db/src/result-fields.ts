import pg from "pg";

type Parser = (value: string) => unknown;
type FieldDescription = { dataTypeID: number; format?: "text" | "binary" };

/** The parts of node-postgres's Result (lib/result.js) this builds on: not in its published types. */
interface ResultInternals {
  rowAsArray: boolean;
  fields: FieldDescription[];
  _parsers?: Parser[];
  _types?: TypeParsers;
}

type TypeParsers = { getTypeParser(oid: number, format: "text" | "binary"): unknown };

const resultPrototype = pg.Result.prototype as unknown as ResultInternals & {
  addFields(this: ResultInternals, fields: FieldDescription[]): void;
};
const addFields = resultPrototype.addFields;

/**
 * node-postgres's Result.addFields for results whose rows come as arrays, as drizzle asks for them: the same parsers,
 * without the object keyed by column name it also builds for every result (and copies), which only rows as objects
 * use. Built key by key on a null prototype, that object cost about 16 µs for a 25-column result, 2-3 % of the
 * server's busy time under bench:api. Rows as objects (graphile-worker's, pg's own callers') keep the original.
 */
resultPrototype.addFields = function addArrayFields(this: ResultInternals, fields: FieldDescription[]) {
  if (!this.rowAsArray) return addFields.call(this, fields);
  this.fields = fields;
  const types: TypeParsers = this._types ?? pg.types;
  const parsers: Parser[] = new Array(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    parsers[i] = types.getTypeParser(field.dataTypeID, field.format || "text") as Parser;
  }
  if (fields.length > 0) this._parsers = parsers;
};
