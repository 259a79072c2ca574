import { findUserByEmail, schema } from "@fizio/db";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_BEACON_PATH } from "../src/plugins/review-beacon";
import { beaconRefusal } from "../src/request-guard";
import { type HttpHarness, startHttpHarness } from "./http-harness";

const ORIGINS = ["https://app.fizio.example"];

describe("which beacons may run", () => {
  const beacon = {
    method: "POST",
    contentType: "text/plain;charset=UTF-8",
    origin: "https://app.fizio.example",
    secFetchSite: "same-origin",
  };
  it("takes a text/plain POST from the app's own pages", () => {
    expect(beaconRefusal(beacon, ORIGINS)).toBeNull();
    expect(beaconRefusal({ ...beacon, origin: undefined }, ORIGINS)).toBeNull();
  });
  it("refuses another site's (a cross-site form can post text/plain with the cookies), and a non-browser's", () => {
    expect(
      beaconRefusal({ ...beacon, origin: "https://evil.example", secFetchSite: "cross-site" }, ORIGINS),
    ).toBe("FIZ264");
    expect(beaconRefusal({ ...beacon, origin: "null" }, ORIGINS)).toBe("FIZ264");
    expect(beaconRefusal({ ...beacon, origin: undefined, secFetchSite: undefined }, ORIGINS)).toBe("FIZ264");
    expect(beaconRefusal({ ...beacon, origin: undefined, secFetchSite: "same-site" }, ORIGINS)).toBe(
      "FIZ264",
    );
    expect(beaconRefusal({ ...beacon, contentType: "application/x-www-form-urlencoded" }, ORIGINS)).toBe(
      "FIZ264",
    );
  });
});

describe("the review-time beacon over HTTP", () => {
  let h: HttpHarness;
  let cookie: string;
  let recordingId: string;
  let patientId: string;

  beforeAll(async () => {
    h = await startHttpHarness();
    cookie = await h.signIn("provider@fizio.test");
    const patient = (await findUserByEmail(h.t.db, "patient@fizio.test"))!;
    patientId = patient.id;
    const [recording] = await h.t.db
      .select({ id: schema.recordings.id })
      .from(schema.recordings)
      .where(and(eq(schema.recordings.patientId, patient.id), eq(schema.recordings.uploadStatus, "UPLOADED")))
      .limit(1);
    recordingId = recording!.id;
  }, 180_000);
  afterAll(() => h.stop());

  /** As navigator.sendBeacon sends a string: text/plain, the cookies, and the page's own site. */
  const send = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${h.origin}${REVIEW_BEACON_PATH}`, {
      method: "POST",
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "sec-fetch-site": "same-origin",
        cookie,
        ...headers,
      },
      body,
    });
  const seconds = async (surface: "RECORDING" | "CHART") => {
    const [row] = await h.t.db
      .select({ total: sql<number>`coalesce(sum(${schema.recordingReviews.seconds}), 0)`.mapWith(Number) })
      .from(schema.recordingReviews)
      .where(
        and(eq(schema.recordingReviews.patientId, patientId), eq(schema.recordingReviews.surface, surface)),
      );
    return row!.total;
  };

  it("adds the beat to the provider's review time with the session cookie", async () => {
    const before = await seconds("RECORDING");
    const res = await send(JSON.stringify({ surface: "RECORDING", recordingId, seconds: 12 }));
    expect(res.status).toBe(204);
    expect(await seconds("RECORDING")).toBe(before + 12);
    const chart = await send(JSON.stringify({ surface: "CHART", patientId, seconds: 7 }));
    expect(chart.status).toBe(204);
    expect(await seconds("CHART")).toBeGreaterThanOrEqual(7);
  });

  it("refuses a beat from another site, without a session, with bad input or a foreign id", async () => {
    const before = await seconds("RECORDING");
    const body = JSON.stringify({ recordingId, seconds: 5 });
    const crossSite = await send(body, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(JSON.stringify(await crossSite.json())).toContain("FIZ264");
    const signedOut = await send(body, { cookie: "" });
    expect(signedOut.status).toBe(401);
    const garbled = await send("{not json");
    expect(garbled.status).toBe(400);
    expect(JSON.stringify(await garbled.json())).toContain("FIZ002");
    const tooLong = await send(JSON.stringify({ recordingId, seconds: 600 }));
    expect(JSON.stringify(await tooLong.json())).toContain("FIZ009");
    const northside = await h.signIn("provider@northside.test");
    const foreign = await send(body, { cookie: northside });
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(await foreign.json())).toContain("FIZ415");
    expect(await seconds("RECORDING")).toBe(before);
  });
});
