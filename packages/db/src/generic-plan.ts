import pg from "pg";

/** The named statements Postgres is to run with their generic plan from the first run (planGenerically). */
const genericNames = new Set<string>();

/**
 * Postgres runs the statement `name` with its generic plan, planned once per connection, instead of choosing per run.
 * Its default (plan_cache_mode auto) plans the first five runs for their values and then keeps the generic plan only
 * when its estimate is no worse; a statement whose filters it cannot estimate without the values (a date bound, a
 * status) is planned again on every run, and planning may cost as much as running: a provider's filtered recordings
 * page was planned in 0.8 ms and ran in 0.9 ms with a fresh plan, 0.67 ms with the generic one.
 * Only for statements whose generic plan was measured as good whatever the values (test/query-plans.test.ts checks
 * that plan as it checks the others).
 */
export function planGenerically(name: string): void {
  genericNames.add(name);
}

export const usesGenericPlan = (name: unknown): boolean => typeof name === "string" && genericNames.has(name);

/** The parts of node-postgres's Query (lib/query.js) this one builds on: not in its published types. */
interface QueryInternals {
  values?: unknown[];
  callback?: (error: Error | undefined, result: unknown) => void;
  portal: string;
  prepare(this: QueryInternals, connection: Connection): void;
  handleCommandComplete(this: QueryInternals, message: { text: string }, connection: Connection): void;
}

interface Connection {
  parse(config: { text: string }): void;
  bind(config: object): void;
  execute(config: object): void;
}

const internals = pg.Query.prototype as unknown as QueryInternals;
const inner = (query: GenericPlanQuery) => query as unknown as QueryInternals;
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils;

/**
 * A named statement run between `SET plan_cache_mode = force_generic_plan` and `RESET plan_cache_mode`, all three in
 * one round trip, in the implicit transaction the protocol's Sync ends: the setting is gone when the statement is,
 * whether it succeeded (RESET) or failed (Postgres rolls the SET back with the transaction). So the connection, and
 * a PgBouncer's server connection in transaction mode, is left as it was; inside a caller's transaction, likewise.
 * SET LOCAL would need no RESET but warns (in Postgres's log too) outside an explicit transaction.
 */
export class GenericPlanQuery extends pg.Query {
  prepare(connection: Connection): void {
    if (!bindable(inner(this).values)) {
      // node-postgres reports a value it cannot send without sending the statement: nothing to reset.
      internals.prepare.call(inner(this), connection);
      return;
    }
    runUnnamed(connection, "set plan_cache_mode = force_generic_plan");
    internals.prepare.call(inner(this), connection);
  }

  /** Called by prepare() after the statement's Bind: its Execute, then the RESET, then the Sync. */
  _getRows(connection: Connection & { sync(): void }, rows: number | undefined): void {
    connection.execute({ portal: inner(this).portal, rows });
    runUnnamed(connection, "reset plan_cache_mode");
    connection.sync();
  }

  handleCommandComplete(message: { text: string }, connection: Connection): void {
    // The SET's and the RESET's completions are not the statement's result.
    if (message.text === "SET" || message.text === "RESET") return;
    internals.handleCommandComplete.call(inner(this), message, connection);
  }
}

/**
 * Sends `config` (a named statement's) through `submit` (node-postgres's Client#query) as a GenericPlanQuery. A
 * query object is answered through its callback only: without one, the promise Client#query would have returned.
 */
export function submitWithGenericPlan(
  submit: (query: GenericPlanQuery) => unknown,
  config: unknown,
  values: unknown,
  callback: unknown,
): unknown {
  const query = new GenericPlanQuery(config as pg.QueryConfig, values as unknown[], callback as undefined);
  if (inner(query).callback) return submit(query);
  return new Promise((resolve, reject) => {
    inner(query).callback = (error, result) => (error ? reject(error) : resolve(result));
    submit(query);
  });
}

/** Parse, Bind and Execute of a statement without parameters or rows, in the unnamed statement and portal. */
function runUnnamed(connection: Connection, text: string) {
  connection.parse({ text });
  connection.bind({});
  connection.execute({});
}

/** node-postgres can turn every value into its wire form (its Bind would not throw). */
function bindable(values: unknown[] | undefined): boolean {
  try {
    for (const value of values ?? []) prepareValue(value);
    return true;
  } catch {
    return false;
  }
}
