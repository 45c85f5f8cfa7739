import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isForeignKeyViolation } from '../../src/server/db/errors.ts';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { QuizRepository } from '../../src/server/modules/quiz/quiz.repository.ts';
import {
  createTestDatabase,
  databaseKinds,
  insertOldVideo,
  type TestDatabase,
} from '../helpers/databases.ts';
import {
  apiCall,
  type ApiCall,
  bearer,
  clip,
  json,
  registerAndSignIn,
  uploadVideo,
  type SignedIn,
} from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

// Practice (docs/api.md, "Practice"): PUT, GET and DELETE /videos/{videoId}/quiz, attempts scored
// by the server at POST /videos/{videoId}/quiz/attempts, the student's own attempts, the owner's
// per-question stats, `quiz` in every video answer, and a lesson with practice completed in its
// course only once practised.

/** A video whose container says nothing, so its length is the form's (10 minutes). */
const lesson = (app: TestServer['app'], who: SignedIn, title: string) =>
  uploadVideo(app, who, {
    title,
    duration: '10:00',
    videoFile: { filename: 'cut.mp4', type: 'video/mp4', data: clip('mp4').data.subarray(0, 64) },
  }).then((res) => json(res).data._id as string);

interface QuestionAnswer {
  _id: string;
  prompt: string;
  kind: 'one' | 'many' | 'text';
  choices: string[];
  answer: number | number[] | string[];
  explanation: string | null;
}

const THREE = [
  {
    prompt: 'What is half of 8?',
    kind: 'one',
    choices: ['2', '4', '6'],
    answer: 1,
    explanation: 'Half of 8 is 8 ÷ 2 = 4.',
  },
  { prompt: 'Which are even?', kind: 'many', choices: ['2', '3', '4', '5'], answer: [0, 2] },
  { prompt: 'भारत की राजधानी?', kind: 'text', answer: ['नई दिल्ली', 'New Delhi'] },
];

const now = () => new Date().toISOString();

describe.each(databaseKinds)('practice on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  let videoId: string;

  beforeEach(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    ben = await registerAndSignIn(server.app, 'ben');
    videoId = await lesson(server.app, ana, 'Fractions');
  });
  afterEach(async () => {
    await server.close();
  });

  const call = (...args: ApiCall) => apiCall(server.app, ...args);
  const putQuiz = (questions: object[], who: SignedIn | undefined = ana, id = videoId) =>
    call('PUT', `/videos/${id}/quiz`, who, { questions });
  /** Ana's quiz of `questions`, its questions as answered. */
  const quizOf = async (questions: object[] = THREE, id = videoId): Promise<QuestionAnswer[]> => {
    const res = await putQuiz(questions, ana, id);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data.questions as QuestionAnswer[];
  };
  const attempt = (
    answers: Array<{ questionId: string; answer: unknown }>,
    { who = ben, attemptId = crypto.randomUUID() as string, id = videoId, extra = {} as object } = {},
  ) =>
    call('POST', `/videos/${id}/quiz/attempts`, who, {
      attemptId,
      answers,
      startedAt: now(),
      finishedAt: now(),
      ...extra,
    });
  const videoQuiz = async (who?: SignedIn, id = videoId) =>
    json(await call('GET', `/videos/v/${id}`, who)).data.quiz as {
      questions: number;
      best: number | null;
    } | null;
  const fieldsOf = (res: { body: string }) =>
    ((JSON.parse(res.body) as { errors?: Array<{ field?: string }> }).errors ?? []).map((e) => e.field);

  it('sets a quiz, answers it to anyone with its answers, and removes it', async () => {
    expect(await videoQuiz(ben)).toBeNull();
    const none = await call('GET', `/videos/${videoId}/quiz`);
    expect(none.statusCode).toBe(404);
    expect(json(none).message).toBe('This video has no practice quiz (it may have been removed)');

    const res = await putQuiz(THREE);
    expect(res.statusCode, res.body).toBe(200);
    const quiz = json(res).data;
    expect(quiz).toEqual({
      videoId,
      updatedAt: expect.any(String),
      questions: [
        {
          _id: expect.any(String),
          prompt: 'What is half of 8?',
          kind: 'one',
          choices: ['2', '4', '6'],
          answer: 1,
          explanation: 'Half of 8 is 8 ÷ 2 = 4.',
        },
        {
          _id: expect.any(String),
          prompt: 'Which are even?',
          kind: 'many',
          choices: ['2', '3', '4', '5'],
          answer: [0, 2],
          explanation: null,
        },
        {
          _id: expect.any(String),
          prompt: 'भारत की राजधानी?',
          kind: 'text',
          choices: [],
          answer: ['नई दिल्ली', 'New Delhi'],
          explanation: null,
        },
      ],
    });
    expect(new Set(quiz.questions.map((q: QuestionAnswer) => q._id)).size).toBe(3);
    // Anyone may read it, signed out too: practice is checked on the device.
    const read = await call('GET', `/videos/${videoId}/quiz`);
    expect(read.statusCode).toBe(200);
    expect(json(read).data).toEqual(quiz);
    expect(await videoQuiz()).toEqual({ questions: 3, best: null });

    const removed = await call('DELETE', `/videos/${videoId}/quiz`, ana);
    expect(removed.statusCode).toBe(200);
    expect(json(removed).data).toBeNull();
    expect((await call('GET', `/videos/${videoId}/quiz`)).statusCode).toBe(404);
    expect(await videoQuiz(ben)).toBeNull();
    const again = await call('DELETE', `/videos/${videoId}/quiz`, ana);
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toMatch(/may already have been removed/);
  });

  it('keeps the ids of questions sent with them, gives new ones fresh ids and retires the rest', async () => {
    const [half, even, capital] = await quizOf();
    const second = await quizOf([
      { ...capital, _id: capital!._id },
      { _id: half!._id, prompt: 'Half of 10?', kind: 'one', choices: ['5', '2'], answer: 0 },
      { prompt: 'Write four', kind: 'text', answer: ['four'] },
      // An id this quiz never had is a new question: it gets a fresh id.
      { _id: 'made-up', prompt: 'Two and two?', kind: 'one', choices: ['3', '4'], answer: 1 },
    ]);
    expect(second.map((q) => q._id).slice(0, 2)).toEqual([capital!._id, half!._id]);
    expect(second[1]).toMatchObject({ prompt: 'Half of 10?', choices: ['5', '2'], answer: 0 });
    expect(second[2]!._id).not.toBe(even!._id);
    expect(second[3]!._id).not.toBe('made-up');
    expect(new Set(second.map((q) => q._id)).size).toBe(4);
    expect(await videoQuiz()).toEqual({ questions: 4, best: null });
    // A retired question sent again by its id comes back with it.
    const third = await quizOf([{ ...THREE[1], _id: even!._id }]);
    expect(third.map((q) => q._id)).toEqual([even!._id]);
    expect(await videoQuiz()).toEqual({ questions: 1, best: null });
  });

  it('is the owner’s alone to change or to read results of; 401 signed out, 404 for an unknown video', async () => {
    await quizOf();
    expect((await putQuiz(THREE, ben)).statusCode).toBe(403);
    expect((await call('DELETE', `/videos/${videoId}/quiz`, ben)).statusCode).toBe(403);
    expect((await call('GET', `/videos/${videoId}/quiz/stats`, ben)).statusCode).toBe(403);
    expect((await call('PUT', `/videos/${videoId}/quiz`, undefined, { questions: THREE })).statusCode).toBe(
      401,
    );
    expect((await call('DELETE', `/videos/${videoId}/quiz`)).statusCode).toBe(401);
    expect((await call('GET', `/videos/${videoId}/quiz/stats`)).statusCode).toBe(401);
    const signedOut = await call('POST', `/videos/${videoId}/quiz/attempts`, undefined, {
      attemptId: 'a',
      answers: [],
      startedAt: now(),
      finishedAt: now(),
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await call('GET', `/videos/${videoId}/quiz/attempts`)).statusCode).toBe(401);

    for (const [method, path, body] of [
      ['GET', '/videos/nope/quiz', undefined],
      ['PUT', '/videos/nope/quiz', { questions: THREE }],
      ['DELETE', '/videos/nope/quiz', undefined],
      ['GET', '/videos/nope/quiz/attempts', undefined],
      ['GET', '/videos/nope/quiz/stats', undefined],
    ] as const) {
      const res = await call(method, path, ana, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(json(res).message, `${method} ${path}`).toMatch(/video does not exist/);
    }
    const lost = await attempt([{ questionId: 'x', answer: 0 }], { id: 'nope' });
    expect(lost.statusCode).toBe(404);

    // A video with no quiz: its quiz, attempts and stats are 404s that say so.
    const bare = await lesson(server.app, ana, 'Decimals');
    for (const path of [
      `/videos/${bare}/quiz`,
      `/videos/${bare}/quiz/attempts`,
      `/videos/${bare}/quiz/stats`,
    ]) {
      const res = await call('GET', path, ana);
      expect(res.statusCode, path).toBe(404);
      expect(json(res).message, path).toMatch(/no practice quiz/);
    }
    expect((await attempt([{ questionId: 'x', answer: 0 }], { id: bare })).statusCode).toBe(404);
  });

  it('refuses a quiz it could not score, naming each field', async () => {
    const one = (over: object) => ({ prompt: 'Q', kind: 'one', choices: ['a', 'b'], answer: 0, ...over });
    const cases: Array<[string, object[], string[]]> = [
      ['26 questions', Array.from({ length: 26 }, () => one({})), ['questions']],
      ['no question', [], ['questions']],
      [
        'an answer index out of range',
        [one({}), one({}), one({}), one({ answer: 2 })],
        ['questions.3.answer'],
      ],
      ['a negative index', [one({ answer: -1 })], ['questions.0.answer']],
      ['indexes for one right choice', [one({ answer: [0] })], ['questions.0.answer']],
      ['one choice', [one({ choices: ['only'] })], ['questions.0.choices']],
      ['no choices', [one({ choices: undefined })], ['questions.0.choices', 'questions.0.answer']],
      [
        'nine choices',
        [one({ choices: Array.from({ length: 9 }, (_, i) => `c${i}`) })],
        ['questions.0.choices'],
      ],
      ['an empty choice', [one({ choices: ['a', '  '] })], ['questions.0.choices.1']],
      ['many with no right choice', [one({ kind: 'many', answer: [] })], ['questions.0.answer']],
      ['many out of range', [one({ kind: 'many', answer: [0, 5] })], ['questions.0.answer']],
      ['many with a choice twice', [one({ kind: 'many', answer: [1, 1] })], ['questions.0.answer']],
      ['many with a bare index', [one({ kind: 'many', answer: 1 })], ['questions.0.answer']],
      ['typed with choices', [one({ kind: 'text', answer: ['a'] })], ['questions.0.choices']],
      ['typed with no accepted text', [{ prompt: 'Q', kind: 'text', answer: [] }], ['questions.0.answer']],
      ['typed with an index', [{ prompt: 'Q', kind: 'text', answer: 0 }], ['questions.0.answer']],
      [
        '11 accepted texts',
        [{ prompt: 'Q', kind: 'text', answer: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
        ['questions.0.answer'],
      ],
      [
        'an accepted text of 10,000 characters',
        [{ prompt: 'Q', kind: 'text', answer: ['a'.repeat(10_000)] }],
        ['questions.0.answer.0'],
      ],
      ['an empty prompt', [one({ prompt: '   ' })], ['questions.0.prompt']],
      ['another kind', [one({ kind: 'essay' })], ['questions.0.kind']],
      ['the same question twice', [one({ _id: 'q' }), one({ _id: 'q' })], ['questions.1._id']],
      ['a score from the device', [one({ score: 3 })], ['questions.0']],
    ];
    for (const [what, questions, fields] of cases) {
      const res = await putQuiz(questions);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      for (const field of fields) expect(fieldsOf(res), `${what}: ${res.body}`).toContain(field);
    }
    expect((await call('GET', `/videos/${videoId}/quiz`)).statusCode).toBe(404);
    expect(await videoQuiz()).toBeNull();
    // 25 questions is the most, and fine.
    expect((await putQuiz(Array.from({ length: 25 }, () => one({})))).statusCode).toBe(200);
  });

  it('scores an attempt itself: the device score is never taken, typed answers fold case and spaces', async () => {
    const [half, even, capital] = await quizOf();
    const scored = await attempt([
      { questionId: half!._id, answer: 1 },
      { questionId: even!._id, answer: [2, 0] },
      { questionId: capital!._id, answer: '  नई   दिल्ली ' },
    ]);
    expect(scored.statusCode, scored.body).toBe(201);
    expect(json(scored).data).toEqual({
      attemptId: expect.any(String),
      score: 3,
      total: 3,
      correct: [true, true, true],
      questionIds: [half!._id, even!._id, capital!._id],
      finishedAt: expect.any(String),
    });

    const cases: Array<[unknown, unknown, unknown, boolean[]]> = [
      [0, [0, 2], 'NEW   delhi', [false, true, true]],
      [1, [0], 'new delhi.', [true, false, false]],
      [1, [0, 2, 3], 'दिल्ली', [true, false, false]],
      // Out of range, negative, or of the wrong kind: simply wrong, never an error.
      [7, [0, 9], 'Delhi New', [false, false, false]],
      [-1, [0, 0, 2], 3, [false, false, false]],
      ['1', 2, '', [false, false, false]],
    ];
    for (const [a, b, c, correct] of cases) {
      const res = await attempt([
        { questionId: half!._id, answer: a },
        { questionId: even!._id, answer: b },
        { questionId: capital!._id, answer: c },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res).data.correct, JSON.stringify([a, b, c])).toEqual(correct);
      expect(json(res).data.score).toBe(correct.filter(Boolean).length);
    }

    // A Devanagari nukta typed as one code point or as two is the same letter.
    const [nukta] = await quizOf([{ prompt: 'क़लम', kind: 'text', answer: ['\u0958लम'] }]);
    const typed = await attempt([{ questionId: nukta!._id, answer: '\u0915\u093Cलम' }]);
    expect(json(typed).data.correct).toEqual([true]);

    // A score, or anything else the contract does not name, is refused rather than read.
    const claimed = await attempt([{ questionId: nukta!._id, answer: 'x' }], {
      extra: { score: 1, total: 1 },
    });
    expect(claimed.statusCode).toBe(400);
    const long = await attempt([{ questionId: nukta!._id, answer: 'क'.repeat(10_000) }]);
    expect(long.statusCode).toBe(400);
    expect(fieldsOf(long)).toContain('answers.0.answer');
    const tooMany = await attempt(
      Array.from({ length: 26 }, () => ({ questionId: nukta!._id, answer: 'x' })),
    );
    expect(tooMany.statusCode).toBe(400);
    for (const body of [
      { attemptId: '', answers: [], startedAt: now(), finishedAt: now() },
      { attemptId: 'a', answers: [], startedAt: 'yesterday', finishedAt: now() },
      { attemptId: 'a', answers: [{ questionId: nukta!._id }], startedAt: now(), finishedAt: now() },
    ]) {
      expect((await call('POST', `/videos/${videoId}/quiz/attempts`, ben, body)).statusCode).toBe(400);
    }
    // Answers naming no question of the quiz are left out; with none left, there is nothing to score.
    const partly = await attempt([
      { questionId: 'not-a-question', answer: 0 },
      { questionId: nukta!._id, answer: 'कलम' },
      { questionId: nukta!._id, answer: '\u0958लम' },
    ]);
    expect(json(partly).data).toMatchObject({
      score: 0,
      total: 1,
      correct: [false],
      questionIds: [nukta!._id],
    });
    const nothing = await attempt([{ questionId: 'not-a-question', answer: 0 }]);
    expect(nothing.statusCode).toBe(400);
    expect(fieldsOf(nothing)).toEqual(['answers']);
    expect((await attempt([])).statusCode).toBe(400);
  });

  it('keeps one attempt per attemptId, answering the first result again', async () => {
    const [half, even] = await quizOf();
    const first = await attempt([{ questionId: half!._id, answer: 1 }], { attemptId: 'phone-1' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Sent again (an outbox retry), even with other answers: the first result, marked as a replay.
    const again = await attempt(
      [
        { questionId: half!._id, answer: 0 },
        { questionId: even!._id, answer: [0, 2] },
      ],
      { attemptId: 'phone-1' },
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    // Many copies at once make one row.
    const copies = await Promise.all(
      Array.from({ length: 8 }, () =>
        attempt([{ questionId: half!._id, answer: 0 }], { attemptId: 'phone-2' }),
      ),
    );
    expect(copies.map((c) => c.statusCode)).toEqual(Array.from({ length: 8 }, () => 201));
    expect(new Set(copies.map((c) => json(c).data.score))).toEqual(new Set([0]));
    // The same id from another student is their own attempt.
    expect(
      (await attempt([{ questionId: half!._id, answer: 1 }], { who: ana, attemptId: 'phone-1' })).statusCode,
    ).toBe(201);

    const mine = json(await call('GET', `/videos/${videoId}/quiz/attempts`, ben)).data as Array<{
      attemptId: string;
    }>;
    expect(mine.map((a) => a.attemptId).sort()).toEqual(['phone-1', 'phone-2']);
    const [stats] = json(await call('GET', `/videos/${videoId}/quiz/stats`, ana)).data;
    expect(stats).toMatchObject({ questionId: half!._id, attempts: 3, correct: 2 });

    // With the outbox's Idempotency-Key (the attempt id): the plugin replays the same body's
    // first answer, and refuses the key with another body (docs/api.md, "Idempotency").
    const keyed = (answer: number) =>
      server.app.inject({
        method: 'POST',
        url: `/api/v1/videos/${videoId}/quiz/attempts`,
        headers: { ...bearer(ben), 'idempotency-key': 'phone-3' },
        payload: {
          attemptId: 'phone-3',
          answers: [{ questionId: half!._id, answer }],
          startedAt: '2025-11-29T10:00:00.000Z',
          finishedAt: '2025-11-29T10:01:00.000Z',
        },
      });
    const keyedFirst = await keyed(1);
    expect(keyedFirst.statusCode).toBe(201);
    const keyedAgain = await keyed(1);
    expect(keyedAgain.statusCode).toBe(201);
    expect(keyedAgain.headers['idempotent-replayed']).toBe('true');
    expect(keyedAgain.body).toBe(keyedFirst.body);
    expect((await keyed(0)).statusCode).toBe(422);
    expect(json(await call('GET', `/videos/${videoId}/quiz/attempts`, ben)).data).toHaveLength(3);
  });

  it('scores an attempt at a quiz changed since by the ids it names: as they are now, or as they were when retired', async () => {
    const [half, even, capital] = await quizOf();
    // The owner changes the answer of the first, keeps the third, drops the second, adds one.
    const changed = await quizOf([
      { _id: half!._id, prompt: 'What is half of 8?', kind: 'one', choices: ['2', '4', '6'], answer: 2 },
      { ...THREE[2], _id: capital!._id },
      { prompt: 'Write four', kind: 'text', answer: ['four'] },
    ]);
    // An attempt taken offline on the first version arrives now.
    const late = await attempt([
      { questionId: half!._id, answer: 1 },
      { questionId: even!._id, answer: [0, 2] },
      { questionId: capital!._id, answer: 'new delhi' },
      { questionId: 'gone-for-good', answer: 0 },
    ]);
    expect(late.statusCode, late.body).toBe(201);
    expect(json(late).data).toMatchObject({
      score: 2,
      total: 3,
      correct: [false, true, true],
      questionIds: [half!._id, even!._id, capital!._id],
    });
    // The quiz answers only its current questions; stats count them, the retired one aside.
    expect(
      json(await call('GET', `/videos/${videoId}/quiz`)).data.questions.map((q: QuestionAnswer) => q._id),
    ).toEqual(changed.map((q) => q._id));
    const stats = json(await call('GET', `/videos/${videoId}/quiz/stats`, ana)).data;
    expect(stats).toEqual([
      { questionId: half!._id, prompt: 'What is half of 8?', attempts: 1, correct: 0 },
      { questionId: capital!._id, prompt: 'भारत की राजधानी?', attempts: 1, correct: 1 },
      { questionId: changed[2]!._id, prompt: 'Write four', attempts: 0, correct: 0 },
    ]);
    expect(await videoQuiz(ben)).toEqual({ questions: 3, best: 2 });
  });

  it('lists a student’s own attempts, latest first, and gives the owner per-question stats', async () => {
    const [half, even, capital] = await quizOf();
    const at = (minute: number) => new Date(Date.UTC(2025, 10, 29, 9, minute)).toISOString();
    const take = (who: SignedIn, minute: number, answers: [unknown, unknown, unknown]) =>
      call('POST', `/videos/${videoId}/quiz/attempts`, who, {
        attemptId: `${who.username}-${minute}`,
        answers: [half!, even!, capital!].map((q, i) => ({ questionId: q._id, answer: answers[i] })),
        startedAt: at(minute - 1),
        finishedAt: at(minute),
      });
    expect((await take(ben, 5, [1, [0], 'x'])).statusCode).toBe(201);
    expect((await take(ben, 9, [1, [0, 2], 'x'])).statusCode).toBe(201);
    // Sent late from a phone: listed by when it was finished.
    expect((await take(ben, 2, [0, [0], 'x'])).statusCode).toBe(201);
    expect((await take(ana, 3, [1, [0, 2], 'New Delhi'])).statusCode).toBe(201);

    const listed = json(await call('GET', `/videos/${videoId}/quiz/attempts`, ben)).data;
    expect(
      listed.map((a: { attemptId: string; score: number; finishedAt: string }) => [
        a.attemptId,
        a.score,
        a.finishedAt,
      ]),
    ).toEqual([
      ['ben-9', 2, at(9)],
      ['ben-5', 1, at(5)],
      ['ben-2', 0, at(2)],
    ]);
    expect(json(await call('GET', `/videos/${videoId}/quiz/attempts`, ana)).data).toHaveLength(1);

    const stats = json(await call('GET', `/videos/${videoId}/quiz/stats`, ana)).data;
    expect(stats).toEqual([
      { questionId: half!._id, prompt: 'What is half of 8?', attempts: 4, correct: 3 },
      { questionId: even!._id, prompt: 'Which are even?', attempts: 4, correct: 2 },
      { questionId: capital!._id, prompt: 'भारत की राजधानी?', attempts: 4, correct: 1 },
    ]);
    // A device clock ahead of the server's is taken as the server's time.
    const ahead = await call('POST', `/videos/${videoId}/quiz/attempts`, ben, {
      attemptId: 'ahead',
      answers: [{ questionId: half!._id, answer: 1 }],
      startedAt: '2099-01-01T00:00:00Z',
      finishedAt: '2099-01-01T00:05:00Z',
    });
    expect(new Date(json(ahead).data.finishedAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('says in every video answer how many questions and the viewer’s best score', async () => {
    const [half, even, capital] = await quizOf();
    const other = await lesson(server.app, ana, 'Decimals');
    const all = (answers: unknown[]) =>
      [half!, even!, capital!].map((q, i) => ({ questionId: q._id, answer: answers[i] }));
    expect(await videoQuiz(ben)).toEqual({ questions: 3, best: null });
    await attempt(all([1, [0], 'x']));
    await attempt(all([1, [0, 2], 'x']));
    await attempt(all([0, [0], 'x']));
    await attempt(all([1, [0, 2], 'new delhi']), { who: ana });

    const quizzes = (docs: Array<{ _id: string; quiz: unknown }>) =>
      Object.fromEntries(docs.map((d) => [d._id, d.quiz]));
    const expected = (best: number | null) => ({ [videoId]: { questions: 3, best }, [other]: null });
    // Ben's best is 2, Ana's 3; signed out, no one's.
    for (const [who, best] of [
      [ben, 2],
      [ana, 3],
      [undefined, null],
    ] as const) {
      const first = json(await call('GET', '/videos?page=1&limit=10', who)).data.docs;
      expect(quizzes(first), `first page as ${who?.username}`).toEqual(expected(best));
      const later = [
        ...json(await call('GET', '/videos?page=1&limit=1', who)).data.docs,
        ...json(await call('GET', '/videos?page=2&limit=1', who)).data.docs,
      ];
      expect(quizzes(later), `later page as ${who?.username}`).toEqual(expected(best));
      const channel = json(await call('GET', `/videos/${ana.userId}`, who)).data.docs;
      expect(quizzes(channel)).toEqual(expected(best));
      const found = json(await call('GET', '/videos?q=fractions', who)).data.docs;
      expect(quizzes(found)).toEqual({ [videoId]: { questions: 3, best } });
      expect(await videoQuiz(who)).toEqual({ questions: 3, best });
    }

    // In a course's lessons and the recent places too.
    const course = json(await call('POST', '/courses', ana, { title: 'Numbers', language: 'en' })).data._id;
    await call('PUT', `/courses/${course}/lessons`, ana, { videoIds: [videoId, other] });
    await call('PATCH', `/courses/${course}`, ana, { published: true });
    const lessons = json(await call('GET', `/courses/${course}`, ben)).data.lessons;
    expect(lessons.map((l: { video: { quiz: unknown } }) => l.video.quiz)).toEqual([
      { questions: 3, best: 2 },
      null,
    ]);
    await call('PUT', `/progress/${videoId}`, ben, { position: 10, completed: false, at: now() });
    const [recent] = json(await call('GET', '/progress/recent', ben)).data;
    expect(recent.video.quiz).toEqual({ questions: 3, best: 2 });
  });

  it('counts a lesson with practice as completed in its course only once it is watched and practised', async () => {
    const [half] = await quizOf();
    const second = await lesson(server.app, ana, 'Decimals');
    const course = json(await call('POST', '/courses', ana, { title: 'Numbers', language: 'en' })).data._id;
    await call('PUT', `/courses/${course}/lessons`, ana, { videoIds: [videoId, second] });
    await call('PATCH', `/courses/${course}`, ana, { published: true });
    await call('POST', `/courses/${course}/enrol`, ben, { enrolled: true });
    const progressOf = async () => json(await call('GET', `/courses/${course}`, ben)).data.progress;
    const at = (minute: number) => new Date(Date.UTC(2025, 10, 29, 9, minute)).toISOString();

    await call('PUT', `/progress/${videoId}`, ben, { position: 600, completed: true, at: at(1) });
    // Watched, not practised: not completed, and the place to continue is that lesson.
    expect(await progressOf()).toEqual({
      completedLessons: 0,
      totalLessons: 2,
      resume: { videoId, position: 600 },
    });
    await call('PUT', `/progress/${second}`, ben, { position: 600, completed: true, at: at(2) });
    expect(await progressOf()).toEqual({
      completedLessons: 1,
      totalLessons: 2,
      resume: { videoId, position: 0 },
    });
    // Practised but not watched is not completed either: Ana practised, never watched.
    await attempt([{ questionId: half!._id, answer: 1 }], { who: ana });
    const anas = json(await call('GET', `/courses/${course}`, ana)).data.progress;
    expect(anas.completedLessons).toBe(0);

    // One attempt, right or wrong, completes it.
    await attempt([{ questionId: half!._id, answer: 0 }]);
    expect(await progressOf()).toEqual({ completedLessons: 2, totalLessons: 2, resume: null });
    const listed = json(await call('GET', '/courses/enrolled', ben)).data.docs[0];
    expect(listed.progress).toEqual({ completedLessons: 2, totalLessons: 2, resume: null });

    // A new version of the quiz keeps the attempts made on the old one.
    await quizOf([{ prompt: 'New question', kind: 'text', answer: ['yes'] }]);
    expect((await progressOf()).completedLessons).toBe(2);
    // With the quiz removed (its attempts with it), the video alone counts.
    await call('DELETE', `/videos/${videoId}/quiz`, ana);
    expect((await progressOf()).completedLessons).toBe(2);
    await quizOf([{ prompt: 'Again', kind: 'text', answer: ['yes'] }]);
    expect((await progressOf()).completedLessons).toBe(1);
  });

  it('goes with its video: deleting the video deletes the quiz, its questions and attempts', async () => {
    const [half] = await quizOf();
    await attempt([{ questionId: half!._id, answer: 1 }]);
    expect((await call('DELETE', `/videos/${videoId}`, ana)).statusCode).toBe(200);
    const db = server.database.db.kysely;
    for (const table of [
      'quizzes',
      'quiz_questions',
      'quiz_attempts',
      'quiz_answers',
      'quiz_bests',
    ] as const) {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n), table).toBe(0);
    }
  });

  it('answers an attempt at a quiz removed while it was on its way with a 404', async () => {
    const [half] = await quizOf();
    const racing = Array.from({ length: 10 }, (_, i) =>
      attempt([{ questionId: half!._id, answer: 1 }], { attemptId: `race-${i}` }),
    );
    const removal = call('DELETE', `/videos/${videoId}/quiz`, ana);
    const answers = await Promise.all([...racing, removal]);
    for (const res of answers) expect([200, 201, 404], res.body).toContain(res.statusCode);
    expect((await call('GET', `/videos/${videoId}/quiz`)).statusCode).toBe(404);
    expect((await attempt([{ questionId: half!._id, answer: 1 }])).statusCode).toBe(404);
    // The last step of that race, alone: the attempt's write finds its quiz gone, and the
    // database's refusal is the one the service answers with a 404.
    const repo = new QuizRepository(server.database.db.kysely);
    const write = repo.record(
      {
        video_id: videoId,
        user_id: ben.userId,
        attempt_id: 'late',
        score: 1,
        total: 1,
        question_ids: JSON.stringify([half!._id]),
        correct: '[true]',
        started_at: now(),
        finished_at: now(),
        created_at: now(),
      },
      [{ question_id: half!._id, correct: true }],
    );
    await expect(write).rejects.toSatisfy(isForeignKeyViolation);
  });
});

describe.each(databaseKinds)('migration 0020-practice on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
  });

  it('gives the videos already there no quiz, and steps back down', async () => {
    database = await createTestDatabase(kind, { migrate: false });
    await migrateTo(database.db, '0019-captions');
    await insertOldVideo(database.db);
    const db = database.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await migrateToLatest(database.db);
    const row = await sql<{
      quiz_questions: number | null;
    }>`select quiz_questions from videos where id = 'v1'`.execute(db);
    expect(row.rows).toEqual([{ quiz_questions: null }]);
    await migrateTo(database.db, '0019-captions');
    await migrateToLatest(database.db);
  });
});
