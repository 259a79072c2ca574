import { describe, expect, it } from "vitest";
import {
  createPlanInput,
  fieldErrorsFromZod,
  planFromTemplate,
  planTemplateInput,
  sessionTemplateInput,
  updatePlanInput,
} from "../src";

const A = "0b6f7d6e-3c2a-4a8b-9a56-1f0e2d3c4b5a";
const B = "6c1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";
const text = { type: "TEXT", name: "Ice", description: "Ice the knee" } as const;

function codes(result: { success: boolean; error?: unknown }) {
  if (result.success) return {};
  return Object.fromEntries(
    fieldErrorsFromZod(result.error as Parameters<typeof fieldErrorsFromZod>[0]).map((e) => [e.path, e.code]),
  );
}

describe("templates and plan inputs (spec §5)", () => {
  it("needs an activity in a session template (FIZ039), each activity valid", () => {
    expect(codes(sessionTemplateInput.safeParse({ name: "Knee", activities: [] }))).toEqual({
      activities: "FIZ039",
    });
    expect(
      codes(
        sessionTemplateInput.safeParse({ name: "Knee", activities: [{ ...text, orientation: "PORTRAIT" }] }),
      ),
    ).toEqual({ "activities.0.orientation": "FIZ041" });
    expect(codes(sessionTemplateInput.safeParse({ name: "Knee", activities: [text] }))).toEqual({});
  });

  it("needs a session and an assessment in a plan template, sessions in day order", () => {
    expect(
      codes(planTemplateInput.safeParse({ name: "Knee rehab", sessions: [], assessmentTemplateIds: [] })),
    ).toEqual({ sessions: "FIZ039", assessmentTemplateIds: "FIZ040" });
    const outOfOrder = planTemplateInput.safeParse({
      name: "Knee rehab",
      sessions: [
        { sessionTemplateId: A, dayOffset: 3 },
        { sessionTemplateId: A, dayOffset: 1 },
      ],
      assessmentTemplateIds: [B, B],
    });
    expect(codes(outOfOrder)).toEqual({ "sessions.1.dayOffset": "FIZ020", assessmentTemplateIds: "FIZ008" });
  });

  it("needs activities and an assessment in a manual plan, and dated sessions in order", () => {
    const base = { creationMode: "MANUAL", patientId: A, name: "Knee rehab", assessmentTemplateIds: [B] };
    expect(codes(createPlanInput.safeParse({ ...base, sessions: [] }))).toEqual({ sessions: "FIZ039" });
    expect(
      codes(createPlanInput.safeParse({ ...base, sessions: [{ date: "2026-03-02", activities: [] }] })),
    ).toEqual({ "sessions.0.activities": "FIZ039" });
    expect(
      codes(
        createPlanInput.safeParse({
          ...base,
          assessmentTemplateIds: [],
          sessions: [
            { date: "2026-03-05", activities: [text] },
            { date: "2026-03-02", activities: [text] },
          ],
        }),
      ),
    ).toEqual({ "sessions.1.date": "FIZ020", assessmentTemplateIds: "FIZ040" });
    const ok = createPlanInput.parse({ ...base, sessions: [{ date: "2026-03-02", activities: [text] }] });
    expect(ok).toMatchObject({ status: "DRAFT", stage: "TREATMENT" });
  });

  it("starts a plan only as a draft or current", () => {
    const generated = { creationMode: "GENERATION", patientId: A, templateId: B, startDate: "2026-03-02" };
    expect(createPlanInput.safeParse({ ...generated, status: "CURRENT" }).success).toBe(true);
    expect(createPlanInput.safeParse({ ...generated, status: "COMPLETED" }).success).toBe(false);
  });

  it("keeps ids on update so the rules can tell kept from new", () => {
    const parsed = updatePlanInput.parse({
      planId: A,
      name: "Knee rehab",
      sessions: [{ id: B, date: "2026-03-02", activities: [{ ...text, id: A }] }],
      assessmentTemplateIds: [B],
    });
    expect(parsed.sessions[0]).toMatchObject({ id: B, activities: [{ id: A }] });
  });

  it("dates a generated plan's sessions from the start date and copies the activities", () => {
    const activity = sessionTemplateInput.parse({ name: "s", activities: [text] }).activities[0]!;
    const template = {
      sessions: [
        { sessionTemplateId: A, dayOffset: 0, activities: [activity] },
        { sessionTemplateId: B, dayOffset: 3, activities: [activity, activity] },
      ],
      assessmentTemplateIds: [B],
    };
    const plan = planFromTemplate(template, "2026-02-27");
    expect(plan.sessions.map((s) => [s.date, s.sessionTemplateId, s.activities.length])).toEqual([
      ["2026-02-27", A, 1],
      ["2026-03-02", B, 2],
    ]);
    expect(plan.sessions[0]!.activities[0]).toEqual(activity);
    expect(plan.sessions[0]!.activities[0]).not.toBe(activity);
    expect(plan.assessmentTemplateIds).toEqual([B]);
  });
});
