import { describe, expect, it } from "vitest";
import { type ApiServices, createContext } from "../src";
import { withContext } from "../src/context";

const services = { db: { name: "db" }, log: { name: "log" } } as unknown as ApiServices;
const request = {
  headers: new Headers({ cookie: "a=b" }),
  ip: "10.0.0.1",
  requestId: "r-1",
  uiLocation: "/patients",
  setCookies: () => undefined,
};

describe("a request's context", () => {
  it("shares the process's services and holds the request's facts, with no user yet", () => {
    const ctx = createContext(services, request);
    expect(ctx.db).toBe(services.db);
    expect(ctx.log).toBe(services.log);
    expect(ctx).toMatchObject({ ip: "10.0.0.1", requestId: "r-1", uiLocation: "/patients", user: null });
    expect(ctx.headers.get("cookie")).toBe("a=b");
  });

  it("is derived with changes of its own, the services still there and the original untouched", () => {
    const ctx = createContext(services, request);
    const user = { id: "u-1" } as never;
    const derived = withContext(ctx, { user, readOnly: false });
    expect(derived.user).toBe(user);
    expect(derived.readOnly).toBe(false);
    expect(derived.db).toBe(services.db);
    expect(derived.requestId).toBe("r-1");
    expect(ctx.user).toBeNull();
    // A plain object (as tests build) derives the same way.
    expect(withContext({ db: services.db, user: null }, { user }).db).toBe(services.db);
  });
});
