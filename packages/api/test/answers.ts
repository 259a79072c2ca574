import type { Answers, Question } from "@fizio/domain";

/** A valid answer to every question, as a patient filling the form in would give. */
export function answersFor(questions: readonly Question[]): Answers {
  const answers: Answers = {};
  for (const q of questions) {
    if (q.type === "FREE_TEXT") answers[q.id] = "It started after a run";
    if (q.type === "SINGLE_SELECT") answers[q.id] = q.choices[0]!;
    if (q.type === "MULTI_SELECT") answers[q.id] = q.choices.slice(0, 2);
    if (q.type === "NUMBER") answers[q.id] = q.min ?? 1;
    if (q.type === "DATE") answers[q.id] = "2026-01-15";
  }
  return answers;
}
