import type { AsyncLocalStorage } from "node:async_hooks";
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from "@better-auth/core/context";

type Store = AsyncLocalStorage<unknown>;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === "function";

/**
 * Keeps the stores enabled only while one of their runs is in flight, counted across all of them (better-auth
 * nests its runs). Node's run() enables a disabled store again, so each run sees its context across its awaits;
 * what the stores lose is a continuation that outlives every run, which nothing in better-auth leaves behind
 * while no background-task handler is configured (it then awaits its own background work).
 */
export function scopeStoresToRuns(stores: Store[]): void {
  let running = 0;
  const settle = () => {
    running--;
    if (running === 0) for (const store of stores) store.disable();
  };
  for (const store of stores) {
    const run = store.run.bind(store);
    store.run = ((value: unknown, callback: (...args: unknown[]) => unknown, ...args: unknown[]) => {
      running++;
      let result: unknown;
      try {
        result = run(value, callback, ...args);
      } catch (error) {
        settle();
        throw error;
      }
      if (isThenable(result)) result.then(settle, settle);
      else settle();
      return result;
    }) as Store["run"];
  }
}

let installed: Promise<void> | null = null;

/**
 * better-auth carries each call's context in AsyncLocalStorage and never disables it. Under Node 20 an enabled
 * store makes Node run a hook on every promise the process creates, so after a process's first sign-in every
 * request paid for it: the unread badge cost 1.23-1.29 ms of server CPU instead of 1.08-1.10 (bench:api,
 * alternated runs). Installed once a process, before it serves a request (createAuth starts it; its three
 * lookups settle within the start-up's first awaits).
 */
export function scopeAuthContexts(): Promise<void> {
  installed ??= Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]).then((stores) => scopeStoresToRuns(stores as Store[]));
  return installed;
}
