import { z } from "zod";
import { isoDateSchema } from "../dates";
import { AppError, type FizCode } from "../errors";
import type { Question } from "./questions";

export const answerValueSchema = z.union([
  z.string().max(5000, { error: "FIZ003" }),
  z.number({ error: "FIZ011" }),
  z.array(z.string().max(200, { error: "FIZ003" })).max(50, { error: "FIZ009" }),
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

/** Answers keyed by question id. */
export const answersSchema = z.record(z.string().max(64, { error: "FIZ003" }), answerValueSchema);
export type Answers = z.infer<typeof answersSchema>;

export interface AnswerIssue {
  path: string;
  code: FizCode;
  params?: Record<string, number>;
}

function isBlank(value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  return Array.isArray(value) && value.length === 0;
}

function issueFor(q: Question, value: AnswerValue): Omit<AnswerIssue, "path"> | null {
  switch (q.type) {
    case "FREE_TEXT":
      return typeof value === "string" ? null : { code: "FIZ002" };
    case "SINGLE_SELECT":
      return typeof value === "string" && q.choices.includes(value) ? null : { code: "FIZ002" };
    case "MULTI_SELECT":
      return Array.isArray(value) &&
        value.every((v) => q.choices.includes(v)) &&
        new Set(value).size === value.length
        ? null
        : { code: "FIZ002" };
    case "NUMBER":
      if (typeof value !== "number" || !Number.isFinite(value)) return { code: "FIZ011" };
      if ((q.min !== null && value < q.min) || (q.max !== null && value > q.max)) {
        const params: Record<string, number> = {};
        if (q.min !== null) params.min = q.min;
        if (q.max !== null) params.max = q.max;
        return { code: "FIZ009", params };
      }
      return null;
    case "DATE":
      return isoDateSchema.safeParse(value).success ? null : { code: "FIZ017" };
  }
}

/**
 * Each answer checked against its question: a required question left blank is FIZ044; a choice must be one
 * of the question's choices; a number within its bounds; a date a calendar date. Answers to questions that
 * are not in the assessment are refused.
 */
export function validateAnswers(questions: readonly Question[], answers: Answers): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const known = new Set(questions.map((q) => q.id));
  for (const id of Object.keys(answers)) {
    if (!known.has(id)) issues.push({ path: `answers.${id}`, code: "FIZ002" });
  }
  for (const q of questions) {
    const value = answers[q.id];
    if (value === undefined || isBlank(value)) {
      if (q.required) issues.push({ path: `answers.${q.id}`, code: "FIZ044" });
      continue;
    }
    const issue = issueFor(q, value);
    if (issue) issues.push({ path: `answers.${q.id}`, ...issue });
  }
  return issues;
}

/** Throws the first problem (the form shows it on its question); returns the answers given, text trimmed. */
export function assertValidAnswers(questions: readonly Question[], answers: Answers): Answers {
  const [first] = validateAnswers(questions, answers);
  if (first) throw new AppError(first.code, first.params ?? {}, { field: first.path });
  const kept: Answers = {};
  for (const q of questions) {
    const value = answers[q.id];
    if (value === undefined || isBlank(value)) continue;
    kept[q.id] = typeof value === "string" ? value.trim() : value;
  }
  return kept;
}
