import { allAuditActions } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { auditActionLabel } from "../src";

/**
 * The writers take only registered actions (AuditAction, checked by the compiler at every write site), so a label
 * for every registered action is a label for every action the code can write.
 */
describe("audit action labels", () => {
  const actions = allAuditActions();

  it("registers each action once", () => {
    expect(new Set(actions).size).toBe(actions.length);
  });

  it.each(["en", "es"] as const)("labels every registered action in %s, each differently", (locale) => {
    const missing = actions.filter((action) => !auditActionLabel(action, locale)?.trim());
    expect(missing).toEqual([]);
    const labels = actions.map((action) => auditActionLabel(action, locale));
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("reads as an auditor would, and leaves an unregistered action to be shown raw", () => {
    expect(auditActionLabel("patients.list", "en")).toBe("Viewed patient list");
    expect(auditActionLabel("reports.remoteMonitoring", "en")).toBe("Exported remote-monitoring report");
    expect(auditActionLabel("parameters.codes.services.import", "es")).toBe("Importó a códigos de servicios");
    expect(auditActionLabel("retired.action", "en")).toBeUndefined();
  });
});
