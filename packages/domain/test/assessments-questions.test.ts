import { describe, expect, it } from "vitest";
import { assessmentTemplateInput, fieldErrorsFromZod, QUESTION_TYPES, withQuestionIds } from "../src";

function codes(input: unknown) {
  const result = assessmentTemplateInput.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(fieldErrorsFromZod(result.error).map((e) => [e.path, e.code]));
}

describe("assessment templates (spec §5)", () => {
  it("needs at least one question (FIZ043)", () => {
    expect(codes({ name: "Pain check-in", questions: [] })).toEqual({ questions: "FIZ043" });
  });

  it("accepts every question type", () => {
    const questions = QUESTION_TYPES.map((type) => ({
      text: `A ${type} question`,
      type,
      choices: type.endsWith("SELECT") ? ["Yes", "No"] : [],
    }));
    expect(codes({ name: "All types", questions })).toEqual({});
  });

  it("needs answer choices on choice questions only (FIZ044, FIZ007), without repeats", () => {
    expect(
      codes({
        name: "Choices",
        questions: [
          { text: "Which side?", type: "SINGLE_SELECT", choices: [] },
          { text: "Where?", type: "MULTI_SELECT" },
          { text: "Tell us", type: "FREE_TEXT", choices: ["a"] },
          { text: "Pick", type: "SINGLE_SELECT", choices: ["Left", "Right", "Left"] },
        ],
      }),
    ).toEqual({
      "questions.0.choices": "FIZ044",
      "questions.1.choices": "FIZ044",
      "questions.2.choices": "FIZ007",
      "questions.3.choices.2": "FIZ008",
    });
  });

  it("bounds only number questions, low before high", () => {
    expect(
      codes({
        name: "Bounds",
        questions: [
          { text: "Pain 0-10", type: "NUMBER", min: 10, max: 0 },
          { text: "When?", type: "DATE", min: 1 },
        ],
      }),
    ).toEqual({ "questions.0.max": "FIZ020", "questions.1.min": "FIZ007" });
  });

  it("refuses two questions with one id, and gives new questions an id", () => {
    expect(
      codes({
        name: "Ids",
        questions: [
          { id: "q1", text: "One", type: "FREE_TEXT" },
          { id: "q1", text: "Two", type: "FREE_TEXT" },
        ],
      }),
    ).toEqual({ "questions.1.id": "FIZ008" });
    const parsed = assessmentTemplateInput.parse({
      name: "Ids",
      questions: [
        { id: "keep", text: "One", type: "FREE_TEXT" },
        { text: "Two", type: "DATE" },
      ],
    });
    let n = 0;
    const withIds = withQuestionIds(parsed.questions, () => `new-${++n}`);
    expect(withIds.map((q) => q.id)).toEqual(["keep", "new-1"]);
    expect(withIds[1]).toMatchObject({ required: true, choices: [], min: null, max: null });
  });
});
