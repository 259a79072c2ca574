import { SYSTEM_CRONTAB } from "@fizio/api";
import { TASKS } from "@fizio/jobs";
import { parseCrontab } from "graphile-worker";
import { describe, expect, it } from "vitest";

describe("the system jobs' schedule", () => {
  it("aborts stale uploads every hour, as a system task whose payload accepts graphile's cron payload", () => {
    const items = parseCrontab(SYSTEM_CRONTAB);
    expect(items.map((i) => i.task)).toEqual(["abort_stale_uploads"]);
    const [hourly] = items;
    const at = (min: number) => ({ min, hour: 3, date: 10, month: 3, dow: 2 });
    expect(hourly!.match(at(0))).toBe(true);
    expect(hourly!.match(at(30))).toBe(false);
    expect(TASKS.abort_stale_uploads.fleet).toBe("system");
    const cronPayload = { _cron: { ts: "2026-03-10T03:00:00Z", backfilled: false } };
    expect(TASKS.abort_stale_uploads.payload.safeParse(cronPayload).success).toBe(true);
  });
});
