import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Question } from '../../../shared/contracts/quiz.ts';
import { QUIZ_LIMITS } from '../../../shared/quiz-limits.ts';
import { isRight } from '../../../shared/quiz-check.ts';
import type { ActionOf } from '../../../shared/outbox/model.ts';
import { useQuiz } from '../../api/quiz.ts';
import { useOutbox, usePendingActions } from '../../device/outbox/outbox-react.tsx';
import { t } from '../../i18n/i18n.ts';
import { randomId } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { useOnline } from '../../lib/use-online.ts';
import './practice.css';

type Answer = ActionOf<'quiz-attempt'>['answers'][number]['answer'];

/** What the student has chosen or typed so far for the question on show. */
type Draft = number | number[] | string | undefined;

/** The right answer in words, said after a wrong one. */
function rightAnswer(question: Question): string {
  if (question.kind === 'text') return (question.answer as string[])[0] ?? '';
  const right = Array.isArray(question.answer) ? (question.answer as number[]) : [question.answer];
  return right
    .slice()
    .sort((a, b) => a - b)
    .map((i) => question.choices[i])
    .filter((choice) => choice !== undefined)
    .join(', ');
}

/** Why Check cannot check yet, if it cannot. */
function missing(question: Question, draft: Draft): string | undefined {
  if (question.kind === 'one') return typeof draft === 'number' ? undefined : t('practice.chooseOne');
  if (question.kind === 'many')
    return Array.isArray(draft) && draft.length > 0 ? undefined : t('practice.chooseSome');
  return typeof draft === 'string' && draft.trim() ? undefined : t('practice.typeFirst');
}

interface Round {
  /** Bumped by Try again, so that every control starts empty. */
  n: number;
  startedAt: string;
  index: number;
  draft: Draft;
  /** Whether the question on show has been checked. */
  checked: boolean;
  problem: string | undefined;
  answers: Array<{ questionId: string; answer: Answer; right: boolean }>;
  /** The attempt's id once it was finished (and, signed in, queued). */
  finished: string | undefined;
}

const freshRound = (n: number): Round => ({
  n,
  startedAt: new Date().toISOString(),
  index: 0,
  draft: undefined,
  checked: false,
  problem: undefined,
  answers: [],
  finished: undefined,
});

/**
 * A video's quiz, one question at a time (docs/product-additions.md, "Practice"): answers are
 * radio buttons, checkboxes or a text box, each with its label; Check checks at once on the
 * device with the rule the server scores with (shared/quiz-check.ts) and says "Correct" or "Not
 * quite" with the explanation, in a live region. At the end, the score and Try again. A signed-in
 * student's attempt goes through the outbox ('quiz-attempt'), offline too; signed out, nothing is
 * sent.
 */
export default function PracticeQuiz({ id, videoId, title }: { id: string; videoId: string; title: string }) {
  const me = useCurrentUser();
  const online = useOnline();
  const outbox = useOutbox();
  const { data: quiz, error } = useQuiz(videoId);
  const [round, setRound] = useState(() => freshRound(0));
  const step = useRef<HTMLParagraphElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const score = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // The attempt last queued, once the outbox has it: until then nothing is said of it.
  const [queued, setQueued] = useState<string>();
  const sent = usePendingActions('quiz-attempt', (a) => a.attemptId === queued)[0];

  // Focus follows the quiz: to Next once checked, to the next question, to the score at the end.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (round.finished !== undefined) score.current?.focus();
    else if (round.checked) next.current?.focus();
    else step.current?.focus();
  }, [round]);

  if (!quiz) {
    return (
      <p id={id} className="practice-note" role="status">
        {error ? t('practice.unavailable') : t('practice.loading')}
      </p>
    );
  }
  const questions = quiz.questions;
  if (questions.length === 0) {
    return (
      <p id={id} className="practice-note" role="status">
        {t('practice.unavailable')}
      </p>
    );
  }
  const update = (change: Partial<Round>, move = false) => {
    moved.current = move;
    setRound((r) => ({ ...r, ...change }));
  };

  if (round.finished !== undefined) {
    const right = round.answers.filter((a) => a.right).length;
    let note: string | undefined;
    if (queued !== round.finished) note = undefined;
    else if (sent?.state === 'failed') note = t('practice.notSent');
    else if (sent && !online) note = t('practice.waiting');
    else if (!sent) note = t('practice.kept');
    return (
      <div id={id} className="practice-quiz">
        <h3 ref={score} tabIndex={-1} className="practice-score-heading">
          {t('practice.scoreHeading')}
        </h3>
        <p className="practice-score">{t('practice.score', { score: right, total: questions.length })}</p>
        <ol className="practice-summary">
          {questions.map((q, i) => {
            const ok = round.answers[i]?.right ?? false;
            return (
              <li key={q._id} className={ok ? 'right' : 'wrong'}>
                <span className="practice-mark">{ok ? t('practice.correct') : t('practice.notQuite')}</span>{' '}
                {q.prompt}
              </li>
            );
          })}
        </ol>
        {me ? (
          note ? (
            <p className="practice-note" role="status">
              {sent?.state === 'failed' ? (
                <Link to="/outbox" className="text-link">
                  {note}
                </Link>
              ) : (
                note
              )}
            </p>
          ) : null
        ) : (
          <p className="practice-note">
            <Link to="/login" className="text-link">
              {t('practice.signIn')}
            </Link>
          </p>
        )}
        <button
          type="button"
          className="button"
          onClick={() => {
            moved.current = true;
            setRound(freshRound(round.n + 1));
          }}
        >
          {t('practice.tryAgain')}
        </button>
      </div>
    );
  }

  const question = questions[round.index]!;
  const last = round.index === questions.length - 1;
  const base = `${id}-${round.n}-${round.index}`;
  const verdict = round.checked ? round.answers[round.index] : undefined;

  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (round.checked) return;
    const problem = missing(question, round.draft);
    if (problem) {
      update({ problem });
      return;
    }
    const answer = (
      question.kind === 'many' ? [...(round.draft as number[])].sort((a, b) => a - b) : round.draft
    ) as Answer;
    update(
      {
        checked: true,
        problem: undefined,
        answers: [...round.answers, { questionId: question._id, answer, right: isRight(question, answer) }],
      },
      true,
    );
  };

  const finish = () => {
    const attemptId = randomId();
    const answers = round.answers;
    if (me) {
      void outbox
        .enqueue({
          kind: 'quiz-attempt',
          videoId,
          attemptId,
          answers: answers.map(({ questionId, answer }) => ({ questionId, answer })),
          startedAt: round.startedAt,
          finishedAt: new Date().toISOString(),
          score: answers.filter((a) => a.right).length,
          total: questions.length,
          about: title,
        })
        .then(
          () => setQueued(attemptId),
          () => undefined,
        );
    }
    update({ finished: attemptId }, true);
  };

  const goOn = () => {
    if (last) finish();
    else update({ index: round.index + 1, draft: undefined, checked: false, problem: undefined }, true);
  };

  const toggle = (i: number, on: boolean) => {
    const chosen = Array.isArray(round.draft) ? round.draft : [];
    update({ draft: on ? [...chosen, i] : chosen.filter((c) => c !== i), problem: undefined });
  };

  return (
    <form id={id} className="practice-quiz" onSubmit={check} noValidate>
      <p ref={step} tabIndex={-1} className="practice-step">
        {t('practice.questionOf', { n: round.index + 1, total: questions.length })}
      </p>
      <fieldset
        className="practice-question"
        disabled={round.checked}
        aria-describedby={round.problem ? `${base}-problem` : undefined}
      >
        <legend className="practice-prompt">{question.prompt}</legend>
        {question.kind === 'many' ? <p className="practice-hint">{t('practice.manyHint')}</p> : null}
        {question.kind === 'text' ? (
          <div className="practice-typed">
            <label htmlFor={`${base}-text`}>{t('practice.yourAnswer')}</label>
            <input
              id={`${base}-text`}
              type="text"
              autoComplete="off"
              maxLength={QUIZ_LIMITS.typed}
              value={typeof round.draft === 'string' ? round.draft : ''}
              onChange={(e) => update({ draft: e.target.value, problem: undefined })}
            />
          </div>
        ) : (
          <ul className="practice-choices">
            {question.choices.map((choice, i) => (
              <li key={i}>
                <label htmlFor={`${base}-${i}`}>
                  <input
                    id={`${base}-${i}`}
                    type={question.kind === 'one' ? 'radio' : 'checkbox'}
                    name={base}
                    checked={
                      question.kind === 'one'
                        ? round.draft === i
                        : Array.isArray(round.draft) && round.draft.includes(i)
                    }
                    onChange={(e) =>
                      question.kind === 'one'
                        ? update({ draft: i, problem: undefined })
                        : toggle(i, e.target.checked)
                    }
                  />
                  <span>{choice}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="practice-feedback" role="status" aria-live="polite">
        {verdict ? (
          <div className={verdict.right ? 'practice-verdict right' : 'practice-verdict wrong'}>
            <p className="practice-verdict-word">
              <strong>{verdict.right ? t('practice.correct') : t('practice.notQuite')}</strong>
            </p>
            {verdict.right ? null : <p>{t('practice.rightAnswer', { answer: rightAnswer(question) })}</p>}
            {question.explanation ? <p className="practice-explanation">{question.explanation}</p> : null}
          </div>
        ) : round.problem ? (
          <p id={`${base}-problem`} className="practice-problem">
            {round.problem}
          </p>
        ) : null}
      </div>
      {round.checked ? (
        <button ref={next} type="button" className="button" onClick={goOn}>
          {last ? t('practice.finish') : t('practice.next')}
        </button>
      ) : (
        <button type="submit" className="button">
          {t('practice.check')}
        </button>
      )}
    </form>
  );
}
