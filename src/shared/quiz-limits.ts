/**
 * The practice quiz's limits (docs/api.md, "Practice") as plain numbers: the contract's schemas
 * (src/shared/contracts/quiz.ts) are made from them, and screens read them here without loading
 * zod.
 */
export const QUIZ_LIMITS = {
  questions: 25,
  choices: 8,
  prompt: 1000,
  choice: 200,
  explanation: 2000,
  /** Accepted texts of a typed answer, and the longest typed answer an attempt may send. */
  accepted: 10,
  typed: 200,
} as const;
