import { createHash } from "node:crypto";
import pg from "pg";
import { submitWithGenericPlan, usesGenericPlan } from "./generic-plan";

/** A statement is named from its third run on: one-off statements (migrations, scripts) stay unnamed. */
const HOT_AFTER = 3;
/**
 * At most this many statements are named per process, so each Postgres connection keeps at most this many plans
 * (a generic plan of a join-heavy query is some tens of KB). The first to become hot are the most used.
 */
const MAX_NAMED = 256;
/** Texts counted towards HOT_AFTER, so a stream of distinct texts cannot grow the count without bound. */
const MAX_COUNTED = 5_000;

/** By statement text: how many times it has run, or its name once it has one. */
const statements = new Map<string, number | string>();
let named = 0;

/** The name a statement is prepared under, once it is hot; the same text always gets the same name. */
export function statementName(text: string): string | undefined {
  const entry = statements.get(text);
  if (typeof entry === "string") return entry;
  const runs = (entry ?? 0) + 1;
  if (runs < HOT_AFTER || named >= MAX_NAMED) {
    if (entry !== undefined || statements.size < MAX_COUNTED) statements.set(text, runs);
    return undefined;
  }
  named += 1;
  const name = `fz_${createHash("sha1").update(text).digest("base64url").slice(0, 24)}`;
  statements.set(text, name);
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/** A parameterised query config, given a name when its text is hot; anything else as it came. */
export function withStatementName(config: unknown, values: unknown): unknown {
  if (typeof config !== "object" || config === null) return config;
  const query = config as QueryConfigLike;
  // Submittables (cursors, streams) and already named statements are left alone; a statement without parameters
  // may hold several commands, which only the simple protocol (unnamed) accepts.
  if (typeof query.text !== "string" || query.name !== undefined || query.submit !== undefined) return config;
  const params = values ?? query.values;
  if (!Array.isArray(params) || params.length === 0) return config;
  const name = statementName(query.text);
  return name === undefined ? config : { ...query, name };
}

/**
 * node-postgres's client, sending each hot parameterised statement as a named prepared statement: Postgres parses and
 * plans it once per connection instead of on every run (planning was about 40 % of Postgres's CPU under bench:api;
 * a provider's filtered recordings list went from 1.5 to 0.6 ms), and after five runs keeps a generic plan when that
 * costs no more than planning anew; a statement planGenerically names runs with its generic plan from the first run
 * (generic-plan.ts). Drizzle builds the same text for the same query shape, so the app's queries are
 * covered without each being prepared by hand. Behind PgBouncer in transaction mode, max_prepared_statements must be
 * set (infra/deploy/SCALING.md).
 */
export class PreparingClient extends pg.Client {}

type ClientQuery = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;
// node-postgres types query() as overloads: every form passes through, a config gaining its name. pg.Client's query
// is looked up on each call, not kept: OpenTelemetry's pg instrumentation replaces it after this module loads.
PreparingClient.prototype.query = function query(
  this: pg.Client,
  config: unknown,
  values?: unknown,
  callback?: unknown,
) {
  const clientQuery = pg.Client.prototype.query as ClientQuery;
  const named = withStatementName(config, values) as QueryConfigLike & { rows?: unknown };
  if (!usesGenericPlan(named?.name) || named.rows !== undefined || named.submit !== undefined)
    return clientQuery.call(this, named, values, callback);
  return submitWithGenericPlan((query) => clientQuery.call(this, query), named, values, callback);
} as pg.Client["query"];
