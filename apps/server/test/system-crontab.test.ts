import { SYSTEM_CRONTAB } from "@fizio/api";
import { TASKS } from "@fizio/jobs";
import { parseCrontab } from "graphile-worker";
import { describe, expect, it } from "vitest";

const at = (min: number) => ({ min, hour: 3, date: 10, month: 3, dow: 2 });
const cronPayload = { _cron: { ts: "2026-03-10T03:00:00Z", backfilled: false } };

describe("the system jobs' schedule", () => {
  const items = parseCrontab(SYSTEM_CRONTAB);

  it("aborts stale uploads every hour, sends due engagement messages every five minutes, flags expired cards and deletes expired data copies daily, seals the audit trail every minute under its own job key", () => {
    expect(items.map((i) => i.task)).toEqual([
      "abort_stale_uploads",
      "send_engagement_messages",
      "expire_payment_cards",
      "delete_expired_data_exports",
      "seal_audit_log",
    ]);
    const [hourly, engagement, cards, , seal] = items;
    expect([0, 7, 59].map((m) => seal!.match(at(m)))).toEqual([true, true, true]);
    // The key the sealer's own sooner runs are queued under: the minute's run leaves a sooner one where it is.
    expect(seal!.options).toMatchObject({ jobKey: "seal_audit_log", jobKeyMode: "preserve_run_at" });
    expect(cards!.match(at(15))).toBe(true);
    expect(cards!.match({ ...at(15), hour: 4 })).toBe(false);
    expect(hourly!.match(at(0))).toBe(true);
    expect(hourly!.match(at(30))).toBe(false);
    expect([0, 5, 35].map((m) => engagement!.match(at(m)))).toEqual([true, true, true]);
    expect(engagement!.match(at(7))).toBe(false);
  });

  it("runs them as system tasks whose payloads accept graphile's cron payload", () => {
    for (const item of items) {
      const task = TASKS[item.task as keyof typeof TASKS];
      expect(task.fleet).toBe("system");
      expect(task.payload.safeParse(cronPayload).success).toBe(true);
    }
  });
});
