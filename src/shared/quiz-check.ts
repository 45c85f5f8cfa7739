import type { Question } from './contracts/quiz.ts';

/**
 * A typed answer as it is compared: without case, with spaces at the ends dropped and runs of
 * spaces as one, and in one Unicode form (a Devanagari nukta typed either way is one letter).
 */
export const foldTyped = (text: string): string =>
  text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/**
 * Whether `answer` answers `question` rightly: the one right index; exactly the right indexes, in
 * any order; or a text equal to one of the accepted ones once folded. The device checks with it
 * at once and the server scores with it again, so the two never disagree.
 */
export function isRight(question: Pick<Question, 'kind' | 'answer'>, answer: unknown): boolean {
  if (question.kind === 'one') return typeof answer === 'number' && answer === question.answer;
  if (question.kind === 'many') {
    if (!Array.isArray(answer) || !Array.isArray(question.answer)) return false;
    const given = new Set(answer);
    const right = new Set(question.answer as number[]);
    return (
      given.size === answer.length &&
      given.size === right.size &&
      [...given].every((i) => right.has(i as number))
    );
  }
  if (typeof answer !== 'string' || !Array.isArray(question.answer)) return false;
  const typed = foldTyped(answer);
  return (
    typed !== '' && (question.answer as string[]).some((accepted) => foldTyped(String(accepted)) === typed)
  );
}
