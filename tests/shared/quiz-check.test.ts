import { describe, expect, it } from 'vitest';
import { quizInputSchema, type QuizInput } from '../../src/shared/contracts/quiz.ts';
import { foldTyped, isRight } from '../../src/shared/quiz-check.ts';
import { quizProblems } from '../../src/shared/quiz-rules.ts';

// The one scoring rule the device checks with at once and the server scores with again
// (docs/api.md, "Practice"), and the rules a quiz must keep beyond its schema.

describe('foldTyped', () => {
  it('drops case, spaces at the ends and runs of spaces', () => {
    expect(foldTyped('  New   DELHI \n')).toBe('new delhi');
    expect(foldTyped('\tnew\u00a0delhi')).toBe('new delhi');
    expect(foldTyped('')).toBe('');
    expect(foldTyped('   ')).toBe('');
  });

  it('keeps Devanagari as written, a nukta typed either way being one letter', () => {
    expect(foldTyped('  नई   दिल्ली ')).toBe('नई दिल्ली');
    // U+0958 (QA) and KA + NUKTA are one letter.
    expect(foldTyped('\u0958लम')).toBe(foldTyped('\u0915\u093Cलम'));
    // A vowel sign is not dropped: these are two words.
    expect(foldTyped('दिल')).not.toBe(foldTyped('दील'));
  });
});

describe('isRight', () => {
  it('one: the one right index, nothing else', () => {
    const q = { kind: 'one' as const, answer: 2 };
    expect(isRight(q, 2)).toBe(true);
    for (const wrong of [1, 3, -1, 99, '2', [2], null, undefined, 2.5]) expect(isRight(q, wrong)).toBe(false);
  });

  it('many: exactly the right indexes, in any order, none twice', () => {
    const q = { kind: 'many' as const, answer: [0, 3] };
    expect(isRight(q, [0, 3])).toBe(true);
    expect(isRight(q, [3, 0])).toBe(true);
    for (const wrong of [[0], [0, 3, 1], [0, 0, 3], [0, 3, 3], [], 0, '0,3', [0, 9], null]) {
      expect(isRight(q, wrong), JSON.stringify(wrong)).toBe(false);
    }
  });

  it('text: equal to an accepted text once both are folded; an empty answer is never right', () => {
    const q = { kind: 'text' as const, answer: ['नई दिल्ली', 'New Delhi'] };
    expect(isRight(q, 'new delhi')).toBe(true);
    expect(isRight(q, '  NEW    delhi ')).toBe(true);
    expect(isRight(q, 'नई  दिल्ली')).toBe(true);
    for (const wrong of ['delhi', 'new delhi.', '', '   ', 0, ['new delhi'], null]) {
      expect(isRight(q, wrong), JSON.stringify(wrong)).toBe(false);
    }
    expect(isRight({ kind: 'text', answer: ['  Spaced  Out '] }, 'spaced out')).toBe(true);
  });
});

describe('quizProblems', () => {
  const parse = (questions: unknown[]): QuizInput => quizInputSchema.parse({ questions });
  const one = { prompt: 'Q', kind: 'one', choices: ['a', 'b'], answer: 1 };

  it('finds nothing wrong with a quiz that can be scored', () => {
    expect(
      quizProblems(
        parse([
          one,
          { prompt: 'Q', kind: 'many', choices: ['a', 'b', 'c'], answer: [2, 0] },
          { prompt: 'Q', kind: 'text', choices: [], answer: ['x'], explanation: null },
          { _id: 'kept', prompt: 'Q', kind: 'text', answer: Array.from({ length: 10 }, (_, i) => `t${i}`) },
        ]),
      ),
    ).toEqual([]);
  });

  it('names each problem at its field', () => {
    const problems = quizProblems(
      parse([
        { ...one, answer: 2 },
        { ...one, choices: ['only'], answer: 0 },
        { ...one, kind: 'many', answer: [] },
        { ...one, kind: 'many', answer: [0, 2] },
        { ...one, kind: 'many', answer: [1, 1] },
        { ...one, kind: 'many', answer: 1 },
        { ...one, kind: 'text', answer: ['x'] },
        { prompt: 'Q', kind: 'text', answer: [] },
        { prompt: 'Q', kind: 'text', answer: 0 },
        { ...one, answer: [1] },
        { ...one, _id: 'q1' },
        { ...one, _id: 'q1' },
      ]),
    );
    expect(problems.map((p) => p.field)).toEqual([
      'questions.0.answer',
      'questions.1.choices',
      'questions.2.answer',
      'questions.3.answer',
      'questions.4.answer',
      'questions.5.answer',
      'questions.6.choices',
      'questions.7.answer',
      'questions.8.answer',
      'questions.9.answer',
      'questions.11._id',
    ]);
    for (const p of problems) expect(p.message.length).toBeGreaterThan(5);
  });
});
