// The outbox keeps its queue in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { createMemoryHistory } from '@tanstack/react-router';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/client/app/app.tsx';
import { createAppRouter } from '../../src/client/app/router.tsx';
import { Outbox } from '../../src/client/device/outbox/outbox.ts';
import { OutboxDatabase } from '../../src/client/device/outbox/outbox-db.ts';
import { cacheDelivery, OutboxProvider } from '../../src/client/device/outbox/outbox-react.tsx';
import {
  checkDrafts,
  quizInputOf,
  serverQuizErrors,
  type QuestionDraft,
} from '../../src/client/features/videos/practice-editor.tsx';
import { ApiError, type ApiClient, type WriteResult } from '../../src/client/lib/api-client.ts';
import type { Attempt, QuestionStats, Quiz, QuizInput } from '../../src/shared/contracts/quiz.ts';
import type { OutboxRequest } from '../../src/shared/outbox/model.ts';
import type { Video } from '../../src/shared/contracts/videos.ts';
import type { ActionOf } from '../../src/shared/outbox/model.ts';

/**
 * Practice (docs/product-additions.md, "Practice") on the rendered screens: a student takes a
 * video's quiz under its player (each answer checked at once, the explanation after a wrong one,
 * the score, Try again) and the finished attempt waits in the outbox with its answers; the owner
 * writes the quiz on /updatevideo, checked on the device before it is sent, with the server's
 * refusals said at the field they concern. The API is a fake answering these screens' calls.
 */
configure({ asyncUtilTimeout: 5000 });

const asha = { _id: 'u1', username: 'asha', fullName: 'Asha Rao', avatar: '/media/a.webp', coverImage: null };
const ravi = {
  _id: 'u2',
  username: 'ravi',
  fullName: 'Ravi Kumar',
  avatar: '/media/r.webp',
  coverImage: null,
};
const me = (user: typeof asha) => ({
  ...user,
  email: `${user.username}@school.example`,
  createdAt: '',
  watchHistory: [],
});

function makeVideo(quiz: Video['quiz']): Video {
  return {
    _id: 'v1',
    title: 'Fractions',
    description: 'Halves and quarters.',
    videoFile: '/media/v1/original.mp4',
    thumbnail: '/media/v1/thumb.webp',
    duration: 600,
    views: 0,
    likesCount: 0,
    owner: asha,
    renditions: [
      {
        quality: '240p',
        url: '/media/v1/240p.mp4',
        bytes: 9_800_000,
        mimeType: 'video/mp4',
        height: 240,
        bitrate: null,
      },
    ],
    processing: { state: 'done', progress: 100 },
    captions: [],
    chapters: [],
    quiz,
    progress: null,
    createdAt: '2026-11-26T00:00:00.000Z',
    updatedAt: '2026-11-26T00:00:00.000Z',
  };
}

const quiz: Quiz = {
  videoId: 'v1',
  updatedAt: '2026-11-27T00:00:00.000Z',
  questions: [
    {
      _id: 'q1',
      prompt: 'What is half of 8?',
      kind: 'one',
      choices: ['2', '4', '6'],
      answer: 1,
      explanation: 'Half of 8 is 8 ÷ 2 = 4.',
    },
    {
      _id: 'q2',
      prompt: 'Which of these are even?',
      kind: 'many',
      choices: ['2', '3', '4', '5'],
      answer: [0, 2],
      explanation: null,
    },
    {
      _id: 'q3',
      prompt: 'The capital of India?',
      kind: 'text',
      choices: [],
      answer: ['New Delhi'],
      explanation: 'New Delhi has been the capital since 1931.',
    },
  ],
};

interface Calls {
  put: Array<{ path: string; body: QuizInput }>;
  deleted: string[];
}

/** A fake API: the reads of these screens, `user` signed in (or nobody), and the quiz's writes. */
function fakeApi(
  user: typeof asha | null,
  answers: Record<string, unknown>,
  writes: { put?: (body: QuizInput) => Quiz; removed?: () => void } = {},
): { api: ApiClient; calls: Calls } {
  const calls: Calls = { put: [], deleted: [] };
  const notFound = () => Promise.reject(new ApiError(404, 'Not found'));
  const api: ApiClient = {
    tokenMode: 'memory',
    get: <T,>(path: string) => {
      if (path === '/users/current-user')
        return user ? Promise.resolve(me(user) as T) : Promise.reject(new ApiError(401, 'Sign in'));
      if (path.startsWith('/users/c/')) return Promise.resolve({ ...asha, isSubscribed: false } as T);
      return path in answers ? Promise.resolve(answers[path] as T) : notFound();
    },
    post: notFound,
    patch: notFound,
    put: <T,>(path: string, body: unknown) => {
      calls.put.push({ path, body: body as QuizInput });
      try {
        const data = writes.put?.(body as QuizInput);
        return data
          ? Promise.resolve({ data, message: 'Practice quiz saved' } as WriteResult<T>)
          : notFound();
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
    delete: <T,>(path: string) => {
      calls.deleted.push(path);
      writes.removed?.();
      return Promise.resolve({ data: null, message: 'Practice quiz removed' } as WriteResult<T>);
    },
    postForm: notFound,
    send: () => Promise.resolve(new Response(null, { status: 404 })),
    refreshSession: () => Promise.resolve(false),
    onSessionEnded: () => () => undefined,
  };
  return { api, calls };
}

const opened: Array<{ outbox: Outbox; db: OutboxDatabase }> = [];

/**
 * The app at `path`, with an outbox that keeps what is queued (as on mobile data, "Only on Wi-Fi"),
 * or sends it through `transport`.
 */
async function openAt(
  path: string,
  api: ApiClient,
  transport?: (
    request: OutboxRequest,
    key: string,
  ) => Promise<{ kind: 'answer'; status: number; body: unknown }>,
) {
  const db = new OutboxDatabase(`practice-${randomUUID()}`);
  const outbox = transport
    ? new Outbox({ db, refresh: async () => false, transport })
    : new Outbox({ db, refresh: async () => false, holdBack: () => true });
  outbox.onDelivered(cacheDelivery);
  opened.push({ outbox, db });
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }), api });
  render(
    <OutboxProvider outbox={outbox}>
      <App router={router} />
    </OutboxProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { outbox, db };
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const { outbox, db } of opened.splice(0)) {
    await outbox.dispose();
    db.close();
  }
});

const status = () => document.querySelector('.practice-feedback') as HTMLElement;
const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check' }));

describe('taking a practice quiz', { timeout: 20_000 }, () => {
  it('checks each answer at once, explains a wrong one, scores 2 of 3, queues the attempt, and starts again', async () => {
    const { api } = fakeApi(ravi, {
      '/videos/v/v1': makeVideo({ questions: 3, best: null }),
      '/videos/v1/quiz': quiz,
    });
    const { db } = await openAt('/videos/v1', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Practice (3 questions)' }));
    await screen.findByText('Question 1 of 3');
    expect(status().getAttribute('role')).toBe('status');

    // Nothing chosen yet: said, and nothing is checked.
    check();
    expect(within(status()).getByText('Choose an answer first.')).toBeTruthy();
    // A wrong choice: "Not quite", the right answer, and the explanation, announced.
    const q1 = screen.getByRole('group', { name: 'What is half of 8?' });
    fireEvent.click(within(q1).getByRole('radio', { name: '6' }));
    check();
    expect(within(status()).getByText('Not quite')).toBeTruthy();
    expect(within(status()).getByText('The answer: 4')).toBeTruthy();
    expect(within(status()).getByText('Half of 8 is 8 ÷ 2 = 4.')).toBeTruthy();
    // Checked answers stay as they were, and the focus goes on.
    expect(within(q1).getByRole('radio', { name: '6' }).matches(':disabled')).toBe(true);
    expect(document.activeElement?.textContent).toBe('Next question');
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));

    const q2 = await screen.findByRole('group', { name: 'Which of these are even?' });
    expect(document.activeElement?.textContent).toBe('Question 2 of 3');
    fireEvent.click(within(q2).getByRole('checkbox', { name: '4' }));
    fireEvent.click(within(q2).getByRole('checkbox', { name: '2' }));
    check();
    expect(within(status()).getByText('Correct')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));

    // Typed: case and spaces aside.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your answer' }), {
      target: { value: '  new   DELHI ' },
    });
    check();
    expect(within(status()).getByText('Correct')).toBeTruthy();
    expect(within(status()).getByText('New Delhi has been the capital since 1931.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See your score' }));

    expect(await screen.findByText('2 of 3')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Your score');
    // Queued with the answers as the contract asks, under its attemptId; the device's score beside.
    await waitFor(async () => expect(await db.entries.count()).toBe(1));
    const [entry] = await db.entries.toArray();
    const action = entry!.action as ActionOf<'quiz-attempt'>;
    expect(action).toMatchObject({
      kind: 'quiz-attempt',
      videoId: 'v1',
      answers: [
        { questionId: 'q1', answer: 2 },
        { questionId: 'q2', answer: [0, 2] },
        { questionId: 'q3', answer: '  new   DELHI ' },
      ],
      score: 2,
      total: 3,
      about: 'Fractions',
    });
    expect(entry!.id).toBe(action.attemptId);
    expect(Date.parse(action.finishedAt)).toBeGreaterThanOrEqual(Date.parse(action.startedAt));
    // The best score shows at once, marked as waiting to reach the server.
    const best = await screen.findByText(/Best: 2 of 3/);
    expect(best.textContent).toContain('Pending');

    // Try again: the first question, nothing chosen.
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Practice' })).getByRole('button', { name: 'Try again' }),
    );
    const again = await screen.findByRole('group', { name: 'What is half of 8?' });
    expect(
      within(again)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
  });

  it('says "Practice (1 question)" and, signed out, sends nothing but asks to sign in', async () => {
    const one: Quiz = { ...quiz, questions: [quiz.questions[0]!] };
    const { api } = fakeApi(null, {
      '/videos/v/v1': makeVideo({ questions: 1, best: null }),
      '/videos/v1/quiz': one,
    });
    const { db } = await openAt('/videos/v1', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Practice (1 question)' }));
    fireEvent.click(await screen.findByRole('radio', { name: '4' }));
    check();
    expect(within(status()).getByText('Correct')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See your score' }));
    expect(await screen.findByText('1 of 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to keep your score' })).toBeTruthy();
    expect(await db.entries.count()).toBe(0);
  });

  it('takes the server’s score once the attempt is delivered', async () => {
    const answers: Record<string, unknown> = {
      '/videos/v/v1': makeVideo({ questions: 1, best: null }),
      '/videos/v1/quiz': { ...quiz, questions: [quiz.questions[0]!] },
    };
    const { api } = fakeApi(ravi, answers);
    const sent: Array<{ key: string; request: OutboxRequest }> = [];
    await openAt('/videos/v1', api, async (request, key) => {
      sent.push({ key, request });
      const body = request.body as { attemptId: string; finishedAt: string };
      // The server scores it (here, unlike the device, as right) and keeps it.
      const scored: Attempt = {
        attemptId: body.attemptId,
        score: 1,
        total: 1,
        correct: [true],
        questionIds: ['q1'],
        finishedAt: body.finishedAt,
      };
      answers['/videos/v/v1'] = makeVideo({ questions: 1, best: 1 });
      return { kind: 'answer', status: 201, body: { data: scored } };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Practice (1 question)' }));
    fireEvent.click(await screen.findByRole('radio', { name: '2' }));
    check();
    fireEvent.click(screen.getByRole('button', { name: 'See your score' }));
    expect(await screen.findByText('0 of 1')).toBeTruthy();
    expect(await screen.findByText('Best: 1 of 1')).toBeTruthy();
    expect(screen.getByText('Your score is kept.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.request).toMatchObject({ method: 'POST', path: '/videos/v1/quiz/attempts' });
    expect(sent[0]!.key).toBe((sent[0]!.request.body as { attemptId: string }).attemptId);
  });

  it('shows the server’s best score', async () => {
    const { api } = fakeApi(ravi, { '/videos/v/v1': makeVideo({ questions: 3, best: 3 }) });
    await openAt('/videos/v1', api);
    expect(await screen.findByText('Best: 3 of 3')).toBeTruthy();
  });

  it('offers nothing under a video without a quiz', async () => {
    const { api } = fakeApi(ravi, { '/videos/v/v1': makeVideo(null) });
    await openAt('/videos/v1', api);
    await screen.findByRole('heading', { level: 2, name: 'Fractions' });
    expect(screen.queryByRole('button', { name: /^Practice/ })).toBeNull();
  });
});

const draft = (extra: Partial<QuestionDraft>): QuestionDraft => ({
  key: randomUUID(),
  prompt: 'Q',
  kind: 'one',
  choices: ['a', 'b'],
  one: 0,
  many: [],
  accepted: '',
  explanation: '',
  ...extra,
});

describe('writing a practice quiz', { timeout: 20_000 }, () => {
  it('checks each question on the device, naming the field as the server would', () => {
    expect(checkDrafts([])).toEqual({ questions: 'Add at least one question, or remove the practice.' });
    expect(
      checkDrafts([
        draft({ prompt: '  ' }),
        draft({ choices: ['a', ''], one: null }),
        draft({ kind: 'many', many: [] }),
        draft({ kind: 'text', accepted: ' \n ' }),
        draft({ kind: 'text', accepted: 'x'.repeat(201) }),
        draft({ choices: ['only'] }),
      ]),
    ).toEqual({
      'questions.0.prompt': 'Write the question.',
      'questions.1.choices.1': 'Write this choice, or remove it.',
      'questions.1.answer': 'Mark the right choice.',
      'questions.2.answer': 'Mark at least one right choice.',
      'questions.3.answer': 'Give at least one accepted answer.',
      'questions.4.answer': 'An accepted answer is at most 200 characters.',
      'questions.5.choices': 'Give at least two choices.',
    });
    // What is sent: the kind's own answer, trimmed texts, and the saved question's id.
    expect(
      quizInputOf([
        draft({ _id: 'q1', prompt: ' Half? ', choices: [' 2 ', '4'], one: 1, explanation: ' ' }),
        draft({ kind: 'many', many: [2, 0], choices: ['a', 'b', 'c'] }),
        draft({ kind: 'text', accepted: ' New Delhi \n\nदिल्ली ', choices: ['a', 'b'] }),
      ]),
    ).toEqual({
      questions: [
        { _id: 'q1', prompt: 'Half?', kind: 'one', choices: ['2', '4'], answer: 1 },
        { prompt: 'Q', kind: 'many', choices: ['a', 'b', 'c'], answer: [0, 2] },
        { prompt: 'Q', kind: 'text', answer: ['New Delhi', 'दिल्ली'] },
      ],
    });
    expect(
      serverQuizErrors(
        new ApiError(400, 'Some questions are not valid', [
          { field: 'questions.3.answer.0', message: 'Too long' },
          { field: 'questions.1.choices.2', message: 'A choice cannot be empty' },
          { field: 'questions.2._id', message: 'This question is sent twice' },
          { field: 'questions', message: 'A quiz has at most 25 questions' },
        ]),
      ),
    ).toEqual({
      fields: {
        'questions.3.answer': 'Too long',
        'questions.1.choices.2': 'A choice cannot be empty',
        'questions.2': 'This question is sent twice',
      },
      rest: 'A quiz has at most 25 questions',
    });
  });

  it('lets the owner write, reorder and save questions, says problems at their field, and shows stats', async () => {
    const stats: QuestionStats[] = [
      { questionId: 'q1', prompt: quiz.questions[0]!.prompt, attempts: 3, correct: 2 },
      { questionId: 'q2', prompt: quiz.questions[1]!.prompt, attempts: 1, correct: 1 },
      { questionId: 'q3', prompt: quiz.questions[2]!.prompt, attempts: 0, correct: 0 },
    ];
    let refuse = true;
    const answers: Record<string, unknown> = {
      '/videos/v/v1': makeVideo({ questions: 3, best: null }),
      '/videos/v1/quiz': quiz,
      '/videos/v1/quiz/stats': stats,
    };
    const { api, calls } = fakeApi(asha, answers, {
      removed: () => {
        answers['/videos/v/v1'] = makeVideo(null);
        delete answers['/videos/v1/quiz'];
      },
      put: (body) => {
        if (refuse) {
          refuse = false;
          throw new ApiError(400, 'Some questions are not valid', [
            { field: 'questions.1.answer', message: 'Each right choice must be one of the choices' },
          ]);
        }
        return {
          videoId: 'v1',
          updatedAt: '2026-11-28T00:00:00.000Z',
          questions: body.questions.map((q, i) => ({
            _id: q._id ?? `new-${i}`,
            prompt: q.prompt,
            kind: q.kind,
            choices: q.choices ?? [],
            answer: q.answer,
            explanation: q.explanation ?? null,
          })),
        };
      },
    });
    await openAt('/updatevideo/v1', api);
    const section = await screen.findByRole('region', { name: 'Practice' });
    const q = (n: number) => within(section).getByRole('group', { name: `Question ${n}` });
    await waitFor(() =>
      expect(within(section).getAllByRole('group', { name: /^Question \d$/ })).toHaveLength(3),
    );
    expect(within(q(1)).getByLabelText('Prompt')).toHaveProperty('value', 'What is half of 8?');
    expect(within(q(1)).getByRole('radio', { name: 'Choice 2 is right' })).toHaveProperty('checked', true);
    expect(within(q(2)).getByRole('checkbox', { name: 'Choice 3 is right' })).toHaveProperty('checked', true);
    expect(within(q(3)).getByLabelText('Accepted answers', { exact: false })).toHaveProperty(
      'value',
      'New Delhi',
    );
    // The owner's stats, per question.
    expect(await within(section).findByText('2 of 3 attempts right')).toBeTruthy();
    expect(within(section).getByText('1 of 1 attempt right')).toBeTruthy();
    expect(within(section).getByText('No attempts yet')).toBeTruthy();

    // A new question, left half written: the device says what is missing, at each field.
    fireEvent.click(within(section).getByRole('button', { name: 'Add a question' }));
    const fourth = q(4);
    expect(document.activeElement).toBe(within(fourth).getByLabelText('Prompt'));
    fireEvent.change(within(fourth).getByLabelText('Choice 1'), { target: { value: 'Yes' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save practice' }));
    expect(within(fourth).getByText('Write the question.')).toBeTruthy();
    expect(within(fourth).getByLabelText('Prompt').getAttribute('aria-invalid')).toBe('true');
    expect(within(fourth).getByText('Write this choice, or remove it.')).toBeTruthy();
    expect(within(fourth).getByText('Mark the right choice.')).toBeTruthy();
    expect(document.activeElement).toBe(within(fourth).getByLabelText('Prompt'));
    expect(calls.put).toHaveLength(0);

    // Written whole, as a typed answer, then moved to the top.
    fireEvent.change(within(fourth).getByLabelText('Prompt'), { target: { value: 'Say 2 + 2 in words' } });
    fireEvent.change(within(fourth).getByLabelText('Kind of answer'), { target: { value: 'text' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save practice' }));
    expect(within(fourth).getByText('Give at least one accepted answer.')).toBeTruthy();
    fireEvent.change(within(fourth).getByLabelText('Accepted answers', { exact: false }), {
      target: { value: 'four\nचार' },
    });
    for (let i = 0; i < 3; i++)
      fireEvent.click(within(q(4 - i)).getByRole('button', { name: `Move up: question ${4 - i}` }));
    expect(within(q(1)).getByLabelText('Prompt')).toHaveProperty('value', 'Say 2 + 2 in words');
    expect(within(q(2)).getByLabelText('Prompt')).toHaveProperty('value', 'What is half of 8?');

    // The server refuses one answer: said under that question's choices.
    fireEvent.click(within(section).getByRole('button', { name: 'Save practice' }));
    expect(await within(q(2)).findByText('Each right choice must be one of the choices')).toBeTruthy();
    expect(
      within(section).getByText('Some questions need a change: see the messages beside them.'),
    ).toBeTruthy();
    expect(calls.put[0]!.path).toBe('/videos/v1/quiz');
    // Sent again: the saved questions keep their ids, the new one has none.
    fireEvent.click(within(section).getByRole('button', { name: 'Save practice' }));
    expect(await within(section).findByText('Practice saved.')).toBeTruthy();
    expect(calls.put[1]!.body.questions.map((x) => [x._id, x.kind, x.answer])).toEqual([
      [undefined, 'text', ['four', 'चार']],
      ['q1', 'one', 1],
      ['q2', 'many', [0, 2]],
      ['q3', 'text', ['New Delhi']],
    ]);

    // Remove practice, after a confirmation.
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(within(section).getByRole('button', { name: 'Remove practice' }));
    expect(await within(section).findByText('Practice removed.')).toBeTruthy();
    expect(calls.deleted).toEqual(['/videos/v1/quiz']);
    // The video says it has none now: the editor starts empty, with no Remove.
    expect(await within(section).findByText('No practice yet. Add a question to start.')).toBeTruthy();
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: 'Remove practice' })).toBeNull(),
    );
  });
});
