import { describe, expect, it } from "vitest";
import { type Answers, AppError, assertValidAnswers, type Question, validateAnswers } from "../src";

const q = (id: string, type: Question["type"], extra: Partial<Question> = {}): Question => ({
  id,
  text: id,
  type,
  required: true,
  choices: [],
  min: null,
  max: null,
  ...extra,
});

const questions: Question[] = [
  q("story", "FREE_TEXT"),
  q("side", "SINGLE_SELECT", { choices: ["Left", "Right"] }),
  q("where", "MULTI_SELECT", { choices: ["Knee", "Hip", "Back"] }),
  q("pain", "NUMBER", { min: 0, max: 10 }),
  q("since", "DATE"),
  q("extra", "FREE_TEXT", { required: false }),
];

const good: Answers = {
  story: " Twisted my knee ",
  side: "Left",
  where: ["Knee", "Hip"],
  pain: 6,
  since: "2026-02-14",
};

const byPath = (answers: Answers) =>
  Object.fromEntries(validateAnswers(questions, answers).map((i) => [i.path, i.code]));

describe("answers per question type", () => {
  it("accepts valid answers and skips an optional question", () => {
    expect(validateAnswers(questions, good)).toEqual([]);
  });

  it("needs an answer to every required question (FIZ044)", () => {
    expect(byPath({ ...good, story: "  ", where: [], pain: null })).toEqual({
      "answers.story": "FIZ044",
      "answers.where": "FIZ044",
      "answers.pain": "FIZ044",
    });
  });

  it("checks each answer against its question", () => {
    expect(
      byPath({ story: 5, side: "Both", where: ["Knee", "Knee"], pain: 11, since: "2026-02-30" } as Answers),
    ).toEqual({
      "answers.story": "FIZ002",
      "answers.side": "FIZ002",
      "answers.where": "FIZ002",
      "answers.pain": "FIZ009",
      "answers.since": "FIZ017",
    });
    expect(byPath({ ...good, pain: "6" as unknown as number, where: "Knee" as unknown as string[] })).toEqual(
      {
        "answers.pain": "FIZ011",
        "answers.where": "FIZ002",
      },
    );
  });

  it("refuses answers to questions the assessment does not have", () => {
    expect(byPath({ ...good, other: "x" })).toEqual({ "answers.other": "FIZ002" });
  });

  it("throws the first problem with its bounds and keeps only given answers, trimmed", () => {
    let error: unknown;
    try {
      assertValidAnswers(questions, { ...good, pain: -1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "FIZ009", field: "answers.pain", params: { min: 0, max: 10 } });
    expect(assertValidAnswers(questions, { ...good, extra: "" })).toEqual({
      ...good,
      story: "Twisted my knee",
    });
  });
});
