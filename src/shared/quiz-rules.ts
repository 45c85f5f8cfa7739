import { MAX_ACCEPTED, MAX_CHOICES, type QuizInput } from './contracts/quiz.ts';
import type { FieldError } from './contracts/envelope.ts';

/** The fewest choices a question with choices has. */
export const MIN_CHOICES = 2;

/**
 * What the schema alone cannot say about a quiz (docs/api.md, "Practice"), one problem per field
 * at its path (`questions.3.answer`): a question with choices has 2 to 8 and a right answer among
 * them ("one": one index in range; "many": at least one index, each in range, none twice); a typed
 * answer has no choices and 1 to 10 accepted texts; no question is sent twice. The server refuses
 * a quiz with any of these (400), and an authoring screen can say them before it sends.
 */
export function quizProblems(input: QuizInput): FieldError[] {
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  input.questions.forEach((q, i) => {
    const at = (field: string, message: string) =>
      problems.push({ field: `questions.${i}.${field}`, message });
    if (q._id !== undefined) {
      if (seen.has(q._id)) at('_id', 'This question is sent twice');
      seen.add(q._id);
    }
    const choices = q.choices ?? [];
    if (q.kind === 'text') {
      if (choices.length > 0) at('choices', 'A question answered by typing has no choices');
      const texts = Array.isArray(q.answer) && q.answer.every((a) => typeof a === 'string');
      if (!texts || (q.answer as string[]).length === 0) {
        at('answer', `Give from 1 to ${MAX_ACCEPTED} accepted answers`);
      }
      return;
    }
    if (choices.length < MIN_CHOICES) {
      at('choices', `A question with choices has from ${MIN_CHOICES} to ${MAX_CHOICES} of them`);
    }
    const inRange = (index: number) => index < choices.length;
    if (q.kind === 'one') {
      if (typeof q.answer !== 'number') at('answer', 'Mark the one right choice');
      else if (!inRange(q.answer)) at('answer', 'The right choice must be one of the choices');
      return;
    }
    const right = Array.isArray(q.answer) ? (q.answer as unknown[]) : [];
    const indexes = right.filter((a): a is number => typeof a === 'number');
    if (indexes.length === 0 || indexes.length !== right.length)
      at('answer', 'Mark at least one right choice');
    else if (!indexes.every(inRange)) at('answer', 'Each right choice must be one of the choices');
    else if (new Set(indexes).size !== indexes.length) at('answer', 'A right choice is marked twice');
  });
  return problems;
}
