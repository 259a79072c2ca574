import type { TelemetrySession } from "@fizio/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTelemetryBatcher, type TelemetryBatch } from "../src/lib/telemetry/batcher";
import { sendBatch } from "../src/lib/telemetry/browser";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const view = (route: string) => ({ type: "page_view" as const, route });

function setup(stored: TelemetrySession | null = null) {
  const sent: { batch: TelemetryBatch; unloading: boolean }[] = [];
  const saved: TelemetrySession[] = [];
  let n = 0;
  const batcher = createTelemetryBatcher({
    app: "fizio-test",
    version: "1.2.3",
    send: (batch, unloading) => sent.push({ batch, unloading }),
    newId: () => `session-${++n}`,
    store: { load: () => stored, save: (s) => saved.push(s) },
  });
  return { batcher, sent, saved };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-25T09:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the telemetry batcher (spec §9)", () => {
  it("sends a batch 250 ms after its first item, with everything recorded meanwhile", () => {
    const { batcher, sent } = setup();
    batcher.record(view("/home"));
    vi.advanceTimersByTime(100);
    batcher.record(view("/records/patients/$patientId"));
    vi.advanceTimersByTime(149);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      unloading: false,
      batch: {
        app: "fizio-test",
        version: "1.2.3",
        items: [
          { type: "page_view", route: "/home", at: "2026-11-25T09:00:00.000Z", session: "session-1" },
          { type: "page_view", route: "/records/patients/$patientId", session: "session-1" },
        ],
      },
    });
    // The next batch's timer starts with its own first item.
    vi.advanceTimersByTime(1000);
    batcher.record(view("/todo"));
    vi.advanceTimersByTime(249);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent[1]?.batch.items.map((i) => i.type === "page_view" && i.route)).toEqual(["/todo"]);
  });

  it("sends at once when the 50th item arrives, and the 51st starts a new batch", () => {
    const { batcher, sent } = setup();
    for (let i = 0; i < 49; i++) batcher.record(view(`/p${i}`));
    expect(sent).toEqual([]);
    batcher.record(view("/p49"));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.batch.items).toHaveLength(50);
    batcher.record(view("/p50"));
    vi.advanceTimersByTime(250);
    expect(sent.map((s) => s.batch.items.length)).toEqual([50, 1]);
  });

  it("sends what is left when the page is hidden, as an unloading send, and nothing when empty", () => {
    const { batcher, sent } = setup();
    batcher.flush(true);
    expect(sent).toEqual([]);
    batcher.record({ type: "client_error", kind: "UNHANDLED" });
    batcher.flush(true);
    expect(sent).toMatchObject([{ unloading: true, batch: { items: [{ type: "client_error" }] } }]);
    vi.advanceTimersByTime(250);
    expect(sent).toHaveLength(1);
  });

  it("keeps one session while the user is active, a new one after 15 idle minutes or 4 hours", () => {
    const { batcher, sent } = setup();
    const sessionOfNext = () => {
      batcher.record(view("/home"));
      batcher.flush();
      return sent.at(-1)?.batch.items[0]?.session;
    };
    expect(sessionOfNext()).toBe("session-1");
    // Clicks every 10 minutes keep it alive for hours, up to the 4-hour limit.
    for (let minutes = 10; minutes < 240; minutes += 10) {
      vi.advanceTimersByTime(10 * MINUTE);
      batcher.activity();
    }
    expect(sessionOfNext()).toBe("session-1");
    vi.advanceTimersByTime(10 * MINUTE);
    expect(sessionOfNext()).toBe("session-2");
    vi.advanceTimersByTime(15 * MINUTE);
    expect(sessionOfNext()).toBe("session-3");
  });

  it("carries on the stored session after a reload, unless it has ended", () => {
    const started = Date.now() - 5 * MINUTE;
    const live = setup({ id: "stored", startedAt: started, lastActiveAt: started });
    live.batcher.record(view("/home"));
    live.batcher.flush();
    expect(live.sent[0]?.batch.items[0]?.session).toBe("stored");
    expect(live.saved.at(-1)).toMatchObject({ id: "stored", lastActiveAt: Date.now() });

    const idle = setup({ id: "stored", startedAt: started - HOUR, lastActiveAt: started - 15 * MINUTE });
    idle.batcher.record(view("/home"));
    idle.batcher.flush();
    expect(idle.sent[0]?.batch.items[0]?.session).toBe("session-1");
  });
});

describe("sending a batch", () => {
  const batch: TelemetryBatch = { app: "fizio", version: "1", items: [] };

  it("POSTs as text/plain without cookies, kept alive past navigation", () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    sendBatch("https://monitor.example/ingest")(batch, false);
    expect(fetch).toHaveBeenCalledWith("https://monitor.example/ingest", {
      method: "POST",
      body: JSON.stringify(batch),
      keepalive: true,
      credentials: "omit",
      headers: { "content-type": "text/plain" },
    });
  });

  it("uses sendBeacon as the page goes, and fetch when the beacon is refused", () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("navigator", { sendBeacon });
    sendBatch("https://monitor.example/ingest")(batch, true);
    expect(sendBeacon).toHaveBeenCalledWith("https://monitor.example/ingest", expect.any(Blob));
    expect(fetch).not.toHaveBeenCalled();
    sendBeacon.mockReturnValue(false);
    sendBatch("https://monitor.example/ingest")(batch, true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
