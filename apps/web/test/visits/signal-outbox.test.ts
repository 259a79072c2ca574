import { describe, expect, it } from "vitest";
import { signalOutbox } from "../../src/features/visits/media/signal-outbox";

type Signal = { session: string; n: number };

/** A send the test answers by hand: each request waits until `answer` lets it through or fails it. */
function manualSend() {
  const requests: { to: string; signals: Signal[]; settle: (ok: boolean) => void }[] = [];
  const send = (to: string, signals: Signal[]) =>
    new Promise<void>((resolve, reject) => {
      requests.push({ to, signals, settle: (ok) => (ok ? resolve() : reject(new Error("offline"))) });
    });
  return { requests, send };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("signal outbox", () => {
  it("sends the first signal at once and what piles up meanwhile in one request per seat, in order", async () => {
    const { requests, send } = manualSend();
    const outbox = signalOutbox<Signal>({ send, isCurrent: () => true, batch: 50 });
    outbox.push("a", { session: "s1", n: 1 });
    outbox.push("a", { session: "s1", n: 2 });
    outbox.push("b", { session: "s9", n: 3 });
    outbox.push("a", { session: "s1", n: 4 });
    expect(requests.map((r) => [r.to, r.signals.map((s) => s.n)])).toEqual([["a", [1]]]);
    requests[0]!.settle(true);
    await tick();
    expect(requests[1]).toMatchObject({ to: "a", signals: [{ n: 2 }, { n: 4 }] });
    requests[1]!.settle(true);
    await tick();
    expect(requests[2]).toMatchObject({ to: "b", signals: [{ n: 3 }] });
    requests[2]!.settle(true);
    await outbox.idle();
    expect(requests).toHaveLength(3);
  });

  it("keeps a batch to its size", async () => {
    const { requests, send } = manualSend();
    const outbox = signalOutbox<Signal>({ send, isCurrent: () => true, batch: 2 });
    for (let n = 1; n <= 5; n++) outbox.push("a", { session: "s1", n });
    for (let i = 0; i < 3; i++) {
      requests[i]!.settle(true);
      await tick();
    }
    expect(requests.map((r) => r.signals.map((s) => s.n))).toEqual([[1], [2, 3], [4, 5]]);
  });

  it("drops the signals of a connection replaced before they went out", async () => {
    const { requests, send } = manualSend();
    let current = "old";
    const outbox = signalOutbox<Signal>({ send, isCurrent: (_, session) => session === current, batch: 50 });
    outbox.push("a", { session: "old", n: 1 });
    outbox.push("a", { session: "old", n: 2 });
    current = "new";
    outbox.push("a", { session: "new", n: 3 });
    requests[0]!.settle(true);
    await tick();
    expect(requests[1]!.signals.map((s) => s.n)).toEqual([3]);
  });

  it("tries a failed request again, then gives it up and goes on with the rest", async () => {
    const { requests, send } = manualSend();
    const outbox = signalOutbox<Signal>({
      send,
      isCurrent: () => true,
      batch: 50,
      attempts: 2,
      retryDelayMs: 1,
    });
    outbox.push("a", { session: "s1", n: 1 });
    outbox.push("a", { session: "s1", n: 2 });
    requests[0]!.settle(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests[1]!.signals.map((s) => s.n)).toEqual([1]);
    requests[1]!.settle(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests[2]!.signals.map((s) => s.n)).toEqual([2]);
    requests[2]!.settle(true);
    await outbox.idle();
    expect(requests).toHaveLength(3);
  });

  it("sends nothing once closed", async () => {
    const { requests, send } = manualSend();
    const outbox = signalOutbox<Signal>({ send, isCurrent: () => true, batch: 50 });
    outbox.push("a", { session: "s1", n: 1 });
    outbox.push("a", { session: "s1", n: 2 });
    outbox.close();
    outbox.push("a", { session: "s1", n: 3 });
    requests[0]!.settle(true);
    await outbox.idle();
    expect(requests).toHaveLength(1);
  });
});
