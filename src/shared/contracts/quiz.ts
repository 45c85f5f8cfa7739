import { z } from 'zod';
import { QUIZ_LIMITS } from '../quiz-limits.ts';

/**
 * A video's practice quiz (docs/api.md, "Practice"): checked on the device at once, offline too,
 * so the answers travel with the questions; an attempt is scored again on the server, which never
 * takes the device's score.
 */

// The numbers live in quiz-limits.ts, which screens read without loading zod.
export const MAX_QUESTIONS = QUIZ_LIMITS.questions;
export const MAX_CHOICES = QUIZ_LIMITS.choices;
export const MAX_PROMPT = QUIZ_LIMITS.prompt;
export const MAX_CHOICE = QUIZ_LIMITS.choice;
export const MAX_EXPLANATION = QUIZ_LIMITS.explanation;
/** Accepted texts of a typed answer, and the longest typed answer an attempt may send. */
export const MAX_ACCEPTED = QUIZ_LIMITS.accepted;
export const MAX_TYPED = QUIZ_LIMITS.typed;

export const QUESTION_KINDS = ['one', 'many', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/**
 * One question as the owner writes it. `answer` is the right choice's index for "one", the right
 * choices' indexes for "many", the accepted texts for "text" (compared without case, and with
 * runs of spaces as one, so "New  Delhi" is "new delhi"; Devanagari as written).
 */
export const questionInputSchema = z
  .object({
    /** Kept when the owner edits a quiz, so attempts and stats stay with their question. */
    _id: z.string().min(1).max(64).optional(),
    prompt: z.string().trim().min(1, 'Write the question').max(MAX_PROMPT),
    kind: z.enum(QUESTION_KINDS),
    choices: z
      .array(z.string().trim().min(1, 'A choice cannot be empty').max(MAX_CHOICE))
      .max(MAX_CHOICES)
      .optional(),
    answer: z.union([
      z.number().int().min(0),
      z.array(z.number().int().min(0)).max(MAX_CHOICES),
      z.array(z.string().trim().min(1).max(MAX_TYPED)).max(MAX_ACCEPTED),
    ]),
    /** None, or null as answers give it, is no explanation. */
    explanation: z.string().trim().max(MAX_EXPLANATION).nullable().optional(),
  })
  .strict();
export type QuestionInput = z.infer<typeof questionInputSchema>;

export const quizInputSchema = z
  .object({
    questions: z
      .array(questionInputSchema)
      .min(1, 'A quiz has at least one question')
      .max(MAX_QUESTIONS, `A quiz has at most ${MAX_QUESTIONS} questions`),
  })
  .strict();
export type QuizInput = z.infer<typeof quizInputSchema>;

/** A question as every answer gives it: with its `_id`, answers included. */
export const questionSchema = z.object({
  _id: z.string(),
  prompt: z.string(),
  kind: z.enum(QUESTION_KINDS),
  choices: z.array(z.string()),
  answer: z.union([z.number().int(), z.array(z.number().int()), z.array(z.string())]),
  explanation: z.string().nullable(),
});

/** A question as every answer gives it: with its `_id`, answers included. */
export interface Question {
  _id: string;
  prompt: string;
  kind: QuestionKind;
  /** Two to eight for "one" and "many"; none for "text". */
  choices: string[];
  /** An index ("one"), indexes ("many"), or accepted texts ("text"). */
  answer: number | number[] | string[];
  explanation: string | null;
}

export interface Quiz {
  videoId: string;
  questions: Question[];
  updatedAt: string;
}

export const quizSchema = z.object({
  videoId: z.string(),
  questions: z.array(questionSchema),
  updatedAt: z.string(),
});

/** What every video answer says of its quiz: null when it has none. */
export const quizSummarySchema = z
  .object({
    questions: z.number().int(),
    /** The signed-in student's best score; null when signed out or not yet attempted. */
    best: z.number().int().nullable(),
  })
  .nullable();
export type QuizSummary = z.infer<typeof quizSummarySchema>;

/** One answer of an attempt: an index ("one"), indexes ("many"), or the text typed ("text"). */
export const attemptAnswerSchema = z
  .object({
    questionId: z.string().min(1).max(64),
    answer: z.union([
      z.number().int(),
      z.array(z.number().int()).max(MAX_CHOICES),
      z.string().max(MAX_TYPED, `A typed answer is at most ${MAX_TYPED} characters`),
    ]),
  })
  .strict();

export const attemptInputSchema = z
  .object({
    /** Made on the device; also the outbox's Idempotency-Key: the same id again is the same attempt. */
    attemptId: z.string().min(1).max(64),
    answers: z.array(attemptAnswerSchema).max(MAX_QUESTIONS),
    startedAt: z.iso.datetime({ offset: true }),
    finishedAt: z.iso.datetime({ offset: true }),
  })
  .strict();
export type AttemptInput = z.infer<typeof attemptInputSchema>;

/**
 * An attempt as the server scored it (docs/api.md, "Practice"): against the questions it names by
 * id, as they are now, or as they were when the owner removed them; answers naming no question of
 * the quiz are left out. `questionIds[i]` is the question `correct[i]` is about, in the order the
 * answers were sent (the device sends them in the quiz's order); `total` is how many were scored.
 */
export interface Attempt {
  attemptId: string;
  score: number;
  total: number;
  correct: boolean[];
  questionIds: string[];
  finishedAt: string;
}

export const attemptSchema = z.object({
  attemptId: z.string(),
  score: z.number().int(),
  total: z.number().int(),
  correct: z.array(z.boolean()),
  questionIds: z.array(z.string()),
  finishedAt: z.string(),
});

/** Per question, for the quiz's owner: how many attempts answered it, and how many got it right. */
export interface QuestionStats {
  questionId: string;
  prompt: string;
  attempts: number;
  correct: number;
}

export const questionStatsSchema = z.object({
  questionId: z.string(),
  prompt: z.string(),
  attempts: z.number().int(),
  correct: z.number().int(),
});

// The schemas answer exactly the types the page reads: a drift between them fails the typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
export type QuizSchemasAgree = [
  Expect<Same<z.infer<typeof questionSchema>, Question>>,
  Expect<Same<z.infer<typeof quizSchema>, Quiz>>,
  Expect<Same<z.infer<typeof attemptSchema>, Attempt>>,
  Expect<Same<z.infer<typeof questionStatsSchema>, QuestionStats>>,
];
