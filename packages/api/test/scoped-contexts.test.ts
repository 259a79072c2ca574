import { AsyncLocalStorage } from "node:async_hooks";
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from "@better-auth/core/context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scopeStoresToRuns } from "../src/auth/scoped-contexts";
import { createHarness, type Harness } from "./harness";

/** What a timer set inside a run reads from the store when it fires, after the run has ended. */
const readLater = (store: AsyncLocalStorage<number>) =>
  new Promise<number | undefined>((resolve) => setTimeout(() => resolve(store.getStore()), 5));

const scopedPair = () => {
  const stores = [new AsyncLocalStorage<number>(), new AsyncLocalStorage<number>()] as const;
  scopeStoresToRuns([...stores] as AsyncLocalStorage<unknown>[]);
  return stores;
};

describe("stores scoped to their runs", () => {
  it("keep a run's value across its awaits while an overlapping run of another store ends first", async () => {
    const [a, b] = scopedPair();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = a.run(1, async () => {
      await gate;
      await new Promise((resolve) => setTimeout(resolve, 1));
      return a.getStore();
    });
    expect(await b.run(2, async () => b.getStore())).toBe(2);
    release();
    expect(await first).toBe(1);
  });

  it("are disabled once no run is in flight, and a later run enables them again", async () => {
    const [a] = scopedPair();
    let later: Promise<number | undefined> | undefined;
    await a.run(1, async () => {
      later = readLater(a);
    });
    // Unscoped, the timer would still read 1: the store stays enabled for the life of the process.
    expect(await later).toBeUndefined();
    const again = a.run(3, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return a.getStore();
    });
    expect(await again).toBe(3);
  });

  it("count a synchronous, a throwing and a rejecting run as ended", async () => {
    const [a] = scopedPair();
    expect(a.run(1, () => 5)).toBe(5);
    expect(() =>
      a.run(1, () => {
        throw new Error("sync");
      }),
    ).toThrow("sync");
    await expect(
      a.run(1, async () => {
        throw new Error("async");
      }),
    ).rejects.toThrow("async");
    let later: Promise<number | undefined> | undefined;
    a.run(1, () => {
      later = readLater(a);
    });
    expect(await later).toBeUndefined();
  });
});

describe("better-auth's stores", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.t.drop());

  it("are disabled between calls, so Node does not hook every promise of the process", async () => {
    const c = await h.signIn("patient@fizio.test");
    expect((await c.api.auth.me()).user?.email).toBe("patient@fizio.test");
    await c.api.auth.logout();
    const stores = await Promise.all([
      getCurrentAuthContextAsyncLocalStorage(),
      getRequestStateAsyncLocalStorage(),
      getCurrentDBAdapterAsyncLocalStorage(),
    ]);
    // Node's own flag (lib/async_hooks.js): while one store has it, its hook runs for every promise made.
    for (const store of stores) expect((store as unknown as { enabled: boolean }).enabled).toBe(false);
  });
});
