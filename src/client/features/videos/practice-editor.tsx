import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { QuestionInput, QuestionKind, QuestionStats, Quiz } from '../../../shared/contracts/quiz.ts';
import { QUIZ_LIMITS } from '../../../shared/quiz-limits.ts';
import { quizChanged, removeQuiz, saveQuiz, useQuiz, useQuizStats } from '../../api/quiz.ts';
import { useVideo } from '../../api/videos.ts';
import { controlProps, fieldMessage, FormField, FormStatus } from '../../components/forms/form-field.tsx';
import { LoadError } from '../../components/status.tsx';
import { plural, t } from '../../i18n/i18n.ts';
import { ApiError, randomId } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi, useCurrentUser } from '../../lib/session.tsx';
import { useOnline } from '../../lib/use-online.ts';
import './practice.css';

const {
  questions: MAX_QUESTIONS,
  choices: MAX_CHOICES,
  prompt: MAX_PROMPT,
  choice: MAX_CHOICE,
  explanation: MAX_EXPLANATION,
  accepted: MAX_ACCEPTED,
  typed: MAX_TYPED,
} = QUIZ_LIMITS;

/** One question as the editor holds it: every kind's fields, so a change of kind loses nothing. */
export interface QuestionDraft {
  /** The editor's own key, kept through moves. */
  key: string;
  /** The server's id of a saved question: sent back, so its attempts and stats stay with it. */
  _id?: string;
  prompt: string;
  kind: QuestionKind;
  choices: string[];
  one: number | null;
  many: number[];
  /** The accepted answers of a typed answer, one per line. */
  accepted: string;
  explanation: string;
}

/** Problems by the server's names for them: `questions.3.answer`, `questions.0.choices.1`. */
export type QuizErrors = Record<string, string>;

const blank = (): QuestionDraft => ({
  key: randomId(),
  prompt: '',
  kind: 'one',
  choices: ['', ''],
  one: null,
  many: [],
  accepted: '',
  explanation: '',
});

export function draftsOf(quiz: Quiz | undefined): QuestionDraft[] {
  return (quiz?.questions ?? []).map((q) => ({
    key: q._id,
    _id: q._id,
    prompt: q.prompt,
    kind: q.kind,
    choices: q.kind === 'text' || q.choices.length === 0 ? ['', ''] : [...q.choices],
    one: q.kind === 'one' && typeof q.answer === 'number' ? q.answer : null,
    many: q.kind === 'many' && Array.isArray(q.answer) ? [...(q.answer as number[])] : [],
    accepted: q.kind === 'text' && Array.isArray(q.answer) ? (q.answer as string[]).join('\n') : '',
    explanation: q.explanation ?? '',
  }));
}

const acceptedOf = (draft: QuestionDraft) =>
  draft.accepted
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** What is sent: each question in the contract's shape (docs/api.md, "Practice"). */
export function quizInputOf(drafts: QuestionDraft[]): { questions: QuestionInput[] } {
  return {
    questions: drafts.map((d) => {
      const explanation = d.explanation.trim();
      const common = {
        ...(d._id ? { _id: d._id } : {}),
        prompt: d.prompt.trim(),
        kind: d.kind,
        ...(explanation ? { explanation } : {}),
      };
      if (d.kind === 'text') return { ...common, answer: acceptedOf(d) };
      const choices = d.choices.map((c) => c.trim());
      return {
        ...common,
        choices,
        answer: d.kind === 'one' ? (d.one ?? -1) : [...d.many].sort((a, b) => a - b),
      };
    }),
  };
}

/** The device's checks, before anything is sent: problems named as the server names them. */
export function checkDrafts(drafts: QuestionDraft[]): QuizErrors {
  const errors: QuizErrors = {};
  if (drafts.length === 0) errors.questions = t('practiceEditor.err.empty');
  if (drafts.length > MAX_QUESTIONS) errors.questions = t('practiceEditor.full', { max: MAX_QUESTIONS });
  drafts.forEach((d, i) => {
    const at = `questions.${i}`;
    if (!d.prompt.trim()) errors[`${at}.prompt`] = t('practiceEditor.err.prompt');
    if (d.kind === 'text') {
      const accepted = acceptedOf(d);
      if (accepted.length === 0) errors[`${at}.answer`] = t('practiceEditor.err.accepted');
      else if (accepted.length > MAX_ACCEPTED)
        errors[`${at}.answer`] = t('practiceEditor.err.acceptedMany', { max: MAX_ACCEPTED });
      else if (accepted.some((a) => a.length > MAX_TYPED))
        errors[`${at}.answer`] = t('practiceEditor.err.acceptedLong', { max: MAX_TYPED });
      return;
    }
    if (d.choices.length < 2) errors[`${at}.choices`] = t('practiceEditor.err.choices');
    d.choices.forEach((c, j) => {
      if (!c.trim()) errors[`${at}.choices.${j}`] = t('practiceEditor.err.choiceEmpty');
    });
    if (d.kind === 'one' && (d.one === null || d.one >= d.choices.length))
      errors[`${at}.answer`] = t('practiceEditor.err.one');
    if (d.kind === 'many' && d.many.length === 0) errors[`${at}.answer`] = t('practiceEditor.err.many');
  });
  return errors;
}

/** The labels of a question's parts, for the server's messages said under them. */
const partLabels: Record<string, () => string> = {
  prompt: () => t('practiceEditor.prompt'),
  choices: () => t('practiceEditor.choices'),
  answer: () => t('practiceEditor.choices'),
  explanation: () => t('practiceEditor.explanation'),
};

/**
 * The server's refusal, field by field, at the field it concerns: `questions.3.answer.0` is
 * said under question 4's answer, `questions.1.choices.2` under its third choice; anything else
 * of a question under the question, and the rest in the line under the form.
 */
export function serverQuizErrors(err: ApiError): { fields: QuizErrors; rest: string | undefined } {
  const fields: QuizErrors = {};
  const rest: string[] = [];
  for (const { field, message } of err.errors) {
    const match = /^questions\.(\d+)(?:\.(\w+)(?:\.(\d+))?)?/.exec(field ?? '');
    if (!match) {
      rest.push(fieldMessage(t('practiceEditor.title'), message));
      continue;
    }
    const [, i, part, j] = match;
    let key = `questions.${i}`;
    if (part === 'choices' && j !== undefined) key = `${key}.choices.${j}`;
    else if (part && part in partLabels) key = `${key}.${part}`;
    const label = partLabels[part ?? '']?.() ?? t('practiceEditor.question', { n: Number(i) + 1 });
    fields[key] ??= fieldMessage(label, message);
  }
  return { fields, rest: rest[0] };
}

/** The id of the control a problem is said under, to move the focus there. */
function controlOf(drafts: QuestionDraft[], field: string): string | undefined {
  const match = /^questions\.(\d+)(?:\.(\w+)(?:\.(\d+))?)?$/.exec(field);
  const draft = match ? drafts[Number(match[1])] : undefined;
  if (!match || !draft) return 'practice-add';
  const base = `pq-${draft.key}`;
  const [, , part, j] = match;
  if (part === 'prompt') return `${base}-prompt`;
  if (part === 'choices') return j === undefined ? `${base}-add-choice` : `${base}-choice-${j}`;
  if (part === 'answer') return draft.kind === 'text' ? `${base}-accepted` : `${base}-right-0`;
  if (part === 'explanation') return `${base}-explanation`;
  return `${base}-prompt`;
}

/**
 * "Practice" on /updatevideo/{videoId} (docs/product-additions.md, "Practice"): the owner's
 * questions, each with its prompt, kind, choices with the right one(s) marked or accepted typed
 * answers, and an explanation; moved, added (up to 25) and removed here, then sent whole by "Save
 * practice" (PUT, keeping each saved question's id) or removed by "Remove practice". Checked on
 * the device first; the server's refusals are said at the field they concern. Each saved question
 * says how many attempts got it right. Online only, like the rest of the screen.
 */
export function PracticeEditor({ videoId }: { videoId: string }) {
  const api = useApi();
  const me = useCurrentUser();
  const online = useOnline();
  const { data: video } = useVideo(videoId);
  const owner = !!video && !!me && video.owner._id === me._id;
  const hasQuiz = !!video?.quiz;
  const { data: quiz, error: quizError, mutate: readQuiz } = useQuiz(videoId, owner && hasQuiz);
  const { data: stats } = useQuizStats(videoId, owner && hasQuiz && online);
  const [drafts, setDrafts] = useState<QuestionDraft[]>([]);
  // The quiz the drafts were made from (its updatedAt): a newer one read replaces untouched drafts.
  const [from, setFrom] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<QuizErrors>({});
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const [busy, setBusy] = useState(false);
  const focusNext = useRef<string | undefined>(undefined);

  if (quiz && quiz.updatedAt !== from && !dirty) {
    setFrom(quiz.updatedAt);
    setDrafts(draftsOf(quiz));
  }

  useEffect(() => {
    const id = focusNext.current;
    focusNext.current = undefined;
    if (id) document.getElementById(id)?.focus();
  });

  if (!video || !owner) return null;
  const loading = hasQuiz && !quiz && !quizError;

  const change = (i: number, next: Partial<QuestionDraft>, cleared: string[] = []) => {
    setDirty(true);
    setDrafts((list) => list.map((d, k) => (k === i ? { ...d, ...next } : d)));
    if (cleared.some((f) => errors[f])) {
      setErrors((current) => {
        const kept = { ...current };
        for (const f of cleared) delete kept[f];
        return kept;
      });
    }
  };
  const restructure = (next: QuestionDraft[], focus?: string) => {
    setDirty(true);
    setDrafts(next);
    // The problems are named by place, which has changed: they are checked again at Save.
    setErrors({});
    focusNext.current = focus;
  };

  const move = (i: number, by: -1 | 1) => {
    const next = [...drafts];
    const [taken] = next.splice(i, 1);
    next.splice(i + by, 0, taken!);
    const to = i + by;
    const stays = by === -1 ? to > 0 : to < next.length - 1;
    restructure(next, `pq-${taken!.key}-${(by === -1) === stays ? 'up' : 'down'}`);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkDrafts(drafts);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus({ error: found.questions ?? t('practiceEditor.fix') });
      const first = Object.keys(found)[0]!;
      document.getElementById(controlOf(drafts, first) ?? '')?.focus();
      return;
    }
    setBusy(true);
    setStatus({});
    try {
      const { data: saved } = await saveQuiz(api, videoId, quizInputOf(drafts));
      setDrafts(draftsOf(saved));
      setFrom(saved.updatedAt);
      setDirty(false);
      quizChanged(videoId, saved);
      setStatus({ ok: t('practiceEditor.saved') });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.errors.length > 0) {
        const { fields, rest } = serverQuizErrors(err);
        setErrors(fields);
        setStatus({ error: rest ?? t('practiceEditor.fix') });
        const first = Object.keys(fields)[0];
        if (first) document.getElementById(controlOf(drafts, first) ?? '')?.focus();
      } else {
        setStatus({ error: errorMessage(err) });
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!window.confirm(t('practiceEditor.confirmRemove', { title: video.title }))) return;
    setBusy(true);
    setStatus({});
    try {
      await removeQuiz(api, videoId);
      setDrafts([]);
      setFrom(null);
      setDirty(false);
      setErrors({});
      quizChanged(videoId, undefined);
      setStatus({ ok: t('practiceEditor.removed') });
    } catch (err) {
      setStatus({ error: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="practice-editor" aria-labelledby="practice-heading">
      <h2 id="practice-heading">{t('practiceEditor.title')}</h2>
      <p>{t('practiceEditor.lead', { max: MAX_QUESTIONS })}</p>
      {loading ? (
        <p role="status">{t('practiceEditor.loading')}</p>
      ) : hasQuiz && !quiz && quizError ? (
        // Never an empty editor for a quiz that exists: saved, it would replace the questions.
        <LoadError error={quizError} retry={() => void readQuiz()} what={t('practiceEditor.title')} />
      ) : (
        <form className="practice-form" onSubmit={(e) => void submit(e)} noValidate>
          {drafts.length === 0 ? <p>{t('practiceEditor.none')}</p> : null}
          <ol className="practice-questions">
            {drafts.map((d, i) => (
              <li key={d.key}>
                <QuestionEditor
                  draft={d}
                  n={i + 1}
                  count={drafts.length}
                  errors={errors}
                  at={`questions.${i}`}
                  stats={d._id ? stats?.find((s) => s.questionId === d._id) : undefined}
                  onChange={(next, cleared) => change(i, next, cleared)}
                  onMove={(by) => move(i, by)}
                  onRemove={() =>
                    restructure(
                      drafts.filter((_, k) => k !== i),
                      'practice-add',
                    )
                  }
                />
              </li>
            ))}
          </ol>
          {errors.questions ? (
            <p className="practice-edit-group-error" id="practice-questions-error">
              {errors.questions}
            </p>
          ) : null}
          <div className="practice-editor-actions">
            <button
              id="practice-add"
              type="button"
              className="button button-secondary"
              disabled={drafts.length >= MAX_QUESTIONS}
              aria-describedby={drafts.length >= MAX_QUESTIONS ? 'practice-full' : undefined}
              onClick={() => {
                const added = blank();
                setErrors((current) => {
                  const kept = { ...current };
                  delete kept.questions;
                  return kept;
                });
                setDirty(true);
                setDrafts([...drafts, added]);
                focusNext.current = `pq-${added.key}-prompt`;
              }}
            >
              {t('practiceEditor.addQuestion')}
            </button>
            <button type="submit" className="button" disabled={busy || !online}>
              {busy ? t('form.saving') : t('practiceEditor.save')}
            </button>
            {hasQuiz ? (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy || !online}
                onClick={() => void remove()}
              >
                {t('practiceEditor.remove')}
              </button>
            ) : null}
          </div>
          {drafts.length >= MAX_QUESTIONS ? (
            <p id="practice-full" className="field-note">
              {t('practiceEditor.full', { max: MAX_QUESTIONS })}
            </p>
          ) : null}
          {online ? null : <p className="field-note">{t('practiceEditor.needsConnection')}</p>}
        </form>
      )}
      <FormStatus {...status} />
    </section>
  );
}

/** One question's fields: prompt, kind, choices or accepted answers, explanation, and its moves. */
function QuestionEditor({
  draft: d,
  n,
  count,
  errors,
  at,
  stats,
  onChange,
  onMove,
  onRemove,
}: {
  draft: QuestionDraft;
  n: number;
  count: number;
  errors: QuizErrors;
  at: string;
  stats: QuestionStats | undefined;
  onChange: (next: Partial<QuestionDraft>, cleared?: string[]) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const base = `pq-${d.key}`;
  const answerError = errors[`${at}.answer`];
  const choicesError = errors[`${at}.choices`];
  const questionError = errors[at];
  const named = (action: string) => t('practiceEditor.named', { action, n });

  const setKind = (kind: QuestionKind) => {
    // A choice marked right stays marked across one and several right choices.
    const one = kind === 'one' ? (d.one ?? d.many[0] ?? null) : d.one;
    const many = kind === 'many' && d.many.length === 0 && d.one !== null ? [d.one] : d.many;
    onChange({ kind, one, many }, [`${at}.answer`, `${at}.choices`]);
  };
  const removeChoice = (j: number) => {
    const shift = (i: number) => (i > j ? i - 1 : i);
    onChange(
      {
        choices: d.choices.filter((_, k) => k !== j),
        one: d.one === null || d.one === j ? null : shift(d.one),
        many: d.many.filter((i) => i !== j).map(shift),
      },
      // Problems of the choices after it are named by place: they are checked again at Save.
      Object.keys(errors).filter((f) => f.startsWith(`${at}.choices`) || f === `${at}.answer`),
    );
  };

  return (
    <fieldset className="practice-edit" aria-describedby={questionError ? `${base}-error` : undefined}>
      <legend>{t('practiceEditor.question', { n })}</legend>
      {stats ? (
        <p className="practice-stat">
          {stats.attempts === 0
            ? t('practiceEditor.noAttempts')
            : plural('practiceEditor.stats', stats.attempts, { correct: stats.correct })}
        </p>
      ) : null}
      {questionError ? (
        <p id={`${base}-error`} className="practice-edit-group-error">
          {questionError}
        </p>
      ) : null}
      <FormField id={`${base}-prompt`} label={t('practiceEditor.prompt')} error={errors[`${at}.prompt`]}>
        <textarea
          {...controlProps(`${base}-prompt`, errors[`${at}.prompt`])}
          rows={2}
          maxLength={MAX_PROMPT}
          value={d.prompt}
          onChange={(e) => onChange({ prompt: e.target.value }, [`${at}.prompt`])}
        />
      </FormField>
      <FormField id={`${base}-kind`} label={t('practiceEditor.kind')} error={undefined}>
        <select id={`${base}-kind`} value={d.kind} onChange={(e) => setKind(e.target.value as QuestionKind)}>
          <option value="one">{t('practiceEditor.kind.one')}</option>
          <option value="many">{t('practiceEditor.kind.many')}</option>
          <option value="text">{t('practiceEditor.kind.text')}</option>
        </select>
      </FormField>
      {d.kind === 'text' ? (
        <FormField
          id={`${base}-accepted`}
          label={t('practiceEditor.accepted')}
          hint={t('practiceEditor.acceptedHint')}
          error={answerError}
        >
          <textarea
            {...controlProps(`${base}-accepted`, answerError)}
            rows={3}
            value={d.accepted}
            onChange={(e) => onChange({ accepted: e.target.value }, [`${at}.answer`])}
          />
        </FormField>
      ) : (
        <fieldset
          className="practice-question"
          aria-describedby={
            [answerError ? `${base}-answer-error` : '', choicesError ? `${base}-choices-error` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
        >
          <legend className="practice-choices-legend">
            {t('practiceEditor.choices')}{' '}
            <span className="field-hint">
              {d.kind === 'one' ? t('practiceEditor.choicesOne') : t('practiceEditor.choicesMany')}
            </span>
          </legend>
          <ul className="practice-edit-choices">
            {d.choices.map((choice, j) => {
              const choiceError = errors[`${at}.choices.${j}`];
              const marked = d.kind === 'one' ? d.one === j : d.many.includes(j);
              return (
                <li key={j} className="practice-edit-choice">
                  <label htmlFor={`${base}-choice-${j}`} className="practice-choice-label">
                    {t('practiceEditor.choice', { n: j + 1 })}
                  </label>
                  <label className="practice-right">
                    <input
                      id={`${base}-right-${j}`}
                      type={d.kind === 'one' ? 'radio' : 'checkbox'}
                      name={`${base}-right`}
                      checked={marked}
                      aria-label={t('practiceEditor.rightNamed', { n: j + 1 })}
                      onChange={(e) =>
                        onChange(
                          d.kind === 'one'
                            ? { one: j }
                            : {
                                many: e.target.checked ? [...d.many, j] : d.many.filter((i) => i !== j),
                              },
                          [`${at}.answer`],
                        )
                      }
                    />
                    <span aria-hidden="true">{t('practiceEditor.right')}</span>
                  </label>
                  <input
                    {...controlProps(`${base}-choice-${j}`, choiceError)}
                    className="practice-choice-text"
                    type="text"
                    maxLength={MAX_CHOICE}
                    value={choice}
                    onChange={(e) =>
                      onChange({ choices: d.choices.map((c, k) => (k === j ? e.target.value : c)) }, [
                        `${at}.choices.${j}`,
                        `${at}.choices`,
                      ])
                    }
                  />
                  <button
                    type="button"
                    className="button-small"
                    disabled={d.choices.length <= 2}
                    aria-label={t('practiceEditor.removeChoice', { n: j + 1 })}
                    onClick={() => removeChoice(j)}
                  >
                    {t('practiceEditor.removeShort')}
                  </button>
                  {choiceError ? (
                    <p id={`${base}-choice-${j}-error`} className="form-field-error practice-choice-error">
                      {choiceError}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {answerError ? (
            <p id={`${base}-answer-error`} className="practice-edit-group-error">
              {answerError}
            </p>
          ) : null}
          {choicesError ? (
            <p id={`${base}-choices-error`} className="practice-edit-group-error">
              {choicesError}
            </p>
          ) : null}
          <button
            id={`${base}-add-choice`}
            type="button"
            className="button-small"
            disabled={d.choices.length >= MAX_CHOICES}
            onClick={() => onChange({ choices: [...d.choices, ''] }, [`${at}.choices`])}
          >
            {t('practiceEditor.addChoice')}
          </button>
        </fieldset>
      )}
      <FormField
        id={`${base}-explanation`}
        label={t('practiceEditor.explanation')}
        hint={t('practiceEditor.explanationHint')}
        required={false}
        error={errors[`${at}.explanation`]}
      >
        <textarea
          {...controlProps(`${base}-explanation`, errors[`${at}.explanation`])}
          rows={2}
          maxLength={MAX_EXPLANATION}
          value={d.explanation}
          onChange={(e) => onChange({ explanation: e.target.value }, [`${at}.explanation`])}
        />
      </FormField>
      <div className="practice-edit-actions">
        <button
          id={`${base}-up`}
          type="button"
          className="button-small"
          disabled={n === 1}
          aria-label={named(t('practiceEditor.moveUp'))}
          onClick={() => onMove(-1)}
        >
          {t('practiceEditor.moveUp')}
        </button>
        <button
          id={`${base}-down`}
          type="button"
          className="button-small"
          disabled={n === count}
          aria-label={named(t('practiceEditor.moveDown'))}
          onClick={() => onMove(1)}
        >
          {t('practiceEditor.moveDown')}
        </button>
        <button
          type="button"
          className="button-small"
          aria-label={named(t('practiceEditor.removeQuestion'))}
          onClick={onRemove}
        >
          {t('practiceEditor.removeQuestion')}
        </button>
      </div>
    </fieldset>
  );
}
