import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { CourseDetail } from '../../../shared/contracts/courses.ts';
import { MAX_LESSONS } from '../../../shared/course-limits.ts';
import type { Video } from '../../../shared/contracts/videos.ts';
import {
  createCourse,
  deleteCourse,
  setCourseCover,
  setCourseLessons,
  updateCourse,
  useCourseCache,
} from '../../api/courses.ts';
import { useVideoList } from '../../api/videos.ts';
import {
  controlProps,
  FormField,
  FormStatus,
  refusal,
  serverFieldErrors,
  type FieldErrors,
} from '../../components/forms/form-field.tsx';
import { MoreButton } from '../../components/status.tsx';
import { t } from '../../i18n/i18n.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { useApi, useCurrentUser } from '../../lib/session.tsx';
import './courses.css';

type Field = 'title' | 'description' | 'language' | 'cover' | 'videoIds';

/** The languages a course is offered in, as the app itself speaks them. */
const COURSE_LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'hi', name: 'हिन्दी' },
] as const;

/**
 * /courses/new and /courses/{courseId}/edit: Title, Description, Language, a cover, and the
 * lessons chosen from the teacher's own videos and put in order; "Publish" / "Unpublish".
 * Everything is sent on Save (or Publish): the course, then its lessons, then its cover.
 */
export function CourseForm({ course }: { course?: CourseDetail }) {
  const api = useApi();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const cache = useCourseCache();
  const id = useId();
  const [title, setTitle] = useState(course?.title ?? '');
  const [description, setDescription] = useState(course?.description ?? '');
  const [language, setLanguage] = useState(course?.language ?? 'en');
  const [lessons, setLessons] = useState<Video[]>(course?.lessons.map((l) => l.video) ?? []);
  const [cover, setCover] = useState<File | undefined>();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const [busy, setBusy] = useState(false);
  // A new course, once the server made it: a save that failed after that edits it, not makes another.
  const made = useRef<string | undefined>(course?._id);
  const mine = useVideoList(me?._id);
  const chosen = new Set(lessons.map((v) => v._id));
  const labels: Record<Field, string> = {
    title: t('field.title'),
    description: t('field.description'),
    language: t('courseForm.language'),
    cover: t('courseForm.cover'),
    videoIds: t('courseForm.lessons'),
  };

  const move = (index: number, step: -1 | 1) =>
    setLessons((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + step, 0, item!);
      return next;
    });

  /** Saves everything; answers the course's id, or undefined when the server refused. */
  const save = async (published?: boolean): Promise<string | undefined> => {
    const problems: FieldErrors<Field> = {};
    if (!title.trim()) problems.title = t('form.isRequired', { label: labels.title });
    const hadLessons = (course?.lessons.length ?? 0) > 0;
    // The server keeps at least one lesson: emptying the list would be "saved" and change nothing.
    if ((published || hadLessons) && lessons.length === 0) problems.videoIds = t('courseForm.needsLesson');
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setStatus({ error: t('form.correct') });
      return undefined;
    }
    setBusy(true);
    setStatus({});
    let courseId = made.current;
    try {
      const fields = { title: title.trim(), description: description.trim(), language };
      if (courseId === undefined) courseId = made.current = (await createCourse(api, fields)).data._id;
      else await updateCourse(api, courseId, fields);
      const before = course?.lessons.map((l) => l.video._id).join(',') ?? '';
      const after = lessons.map((v) => v._id);
      if (after.length > 0 && after.join(',') !== before) await setCourseLessons(api, courseId, after);
      if (cover) {
        const form = new FormData();
        form.set('cover', cover);
        await setCourseCover(api, courseId, form);
        setCover(undefined);
      }
      let message = t('courseForm.saved');
      if (published !== undefined) {
        await updateCourse(api, courseId, { published });
        message = published ? t('courseForm.published') : t('courseForm.unpublished');
      }
      await cache.changed(courseId);
      setStatus({ ok: message });
      return courseId;
    } catch (err) {
      // The server names a refused lesson by its place (videoIds.2), and a course that cannot be
      // published without lessons by `published`: both are said under the lessons.
      const onLessons = (field: string | undefined) =>
        field?.startsWith('videoIds.') || field === 'published';
      const refused =
        err instanceof ApiError
          ? new ApiError(
              err.status,
              err.message,
              err.errors.map((e) => (onLessons(e.field) ? { ...e, field: 'videoIds' } : e)),
            )
          : err;
      if (refused instanceof ApiError) setErrors(serverFieldErrors(refused.errors, labels));
      setStatus({ error: refusal(refused, labels, t('error.generic')) });
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const finish = async (published?: boolean) => {
    const courseId = await save(published);
    if (courseId !== undefined && course === undefined) {
      void navigate({ to: '/courses/$courseId/edit', params: { courseId }, replace: true });
    }
  };

  const remove = async () => {
    if (!course || !window.confirm(t('courseForm.confirmDelete', { title: course.title }))) return;
    setBusy(true);
    try {
      await deleteCourse(api, course._id);
      void navigate({ to: '/mycourses' });
    } catch (err) {
      setStatus({ error: refusal(err, labels, t('error.generic')) });
      setBusy(false);
    }
  };

  return (
    <form
      className="course-form"
      noValidate
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        void finish();
      }}
    >
      <FormField id={`${id}-title`} label={labels.title} required error={errors.title}>
        <input
          {...controlProps(`${id}-title`, errors.title)}
          name="title"
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
      </FormField>
      <FormField
        id={`${id}-description`}
        label={labels.description}
        required={false}
        error={errors.description}
      >
        <textarea
          {...controlProps(`${id}-description`, errors.description)}
          name="description"
          rows={4}
          maxLength={5000}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
      </FormField>
      <FormField id={`${id}-language`} label={labels.language} required error={errors.language}>
        <select
          {...controlProps(`${id}-language`, errors.language)}
          name="language"
          value={language}
          onChange={(e) => setLanguage(e.currentTarget.value)}
        >
          {COURSE_LANGUAGES.map(({ tag, name }) => (
            <option key={tag} value={tag} lang={tag}>
              {name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id={`${id}-cover`}
        label={labels.cover}
        required={false}
        hint={t('courseForm.coverHint')}
        error={errors.cover}
      >
        {course?.cover ? (
          <img className="course-form-cover" src={course.cover} alt="" width={320} height={180} />
        ) : null}
        <input
          {...controlProps(`${id}-cover`, errors.cover)}
          name="cover"
          type="file"
          accept="image/*"
          onChange={(e) => setCover(e.currentTarget.files?.[0])}
        />
      </FormField>

      <fieldset
        className="course-lessons"
        aria-describedby={errors.videoIds ? `${id}-lessons-error` : undefined}
      >
        <legend>{labels.videoIds}</legend>
        {lessons.length === 0 ? <p className="field-note">{t('courseForm.noLessons')}</p> : null}
        <ol className="chosen-lessons">
          {lessons.map((video, i) => (
            <li key={video._id}>
              <span className="lesson-title">
                {t('lesson.of', { n: i + 1, total: lessons.length })}: {video.title}
              </span>
              <span className="lesson-tools">
                <button
                  type="button"
                  className="button-small"
                  disabled={i === 0}
                  aria-label={`${t('courseForm.moveUp')}: ${video.title}`}
                  onClick={() => move(i, -1)}
                >
                  {t('courseForm.moveUp')}
                </button>
                <button
                  type="button"
                  className="button-small"
                  disabled={i === lessons.length - 1}
                  aria-label={`${t('courseForm.moveDown')}: ${video.title}`}
                  onClick={() => move(i, 1)}
                >
                  {t('courseForm.moveDown')}
                </button>
                <button
                  type="button"
                  className="button-small"
                  aria-label={`${t('courseForm.remove')}: ${video.title}`}
                  onClick={() => setLessons((list) => list.filter((v) => v._id !== video._id))}
                >
                  {t('courseForm.remove')}
                </button>
              </span>
            </li>
          ))}
        </ol>
        {errors.videoIds ? (
          <p id={`${id}-lessons-error`} className="form-field-error">
            {errors.videoIds}
          </p>
        ) : null}
        <h2 className="course-form-subheading">{t('courseForm.yourVideos')}</h2>
        {mine.items.length === 0 && !mine.isLoading ? (
          <p className="field-note">{t('courseForm.noVideos')}</p>
        ) : null}
        <ul className="available-videos">
          {mine.items
            .filter((video) => !chosen.has(video._id))
            .map((video) => (
              <li key={video._id}>
                <span className="lesson-title">{video.title}</span>
                <span className="lesson-length">{formatDuration(video.duration)}</span>
                <button
                  type="button"
                  className="button-small"
                  disabled={lessons.length >= MAX_LESSONS}
                  aria-label={`${t('courseForm.add')}: ${video.title}`}
                  onClick={() => setLessons((list) => [...list, video])}
                >
                  {t('courseForm.add')}
                </button>
              </li>
            ))}
        </ul>
        {mine.hasMore ? <MoreButton loading={mine.loadingMore} onClick={mine.loadMore} /> : null}
      </fieldset>

      <div className="course-form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('form.saving') : t('courseForm.save')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void finish(!course?.published)}
        >
          {course?.published ? t('courseForm.unpublish') : t('courseForm.publish')}
        </button>
        {course ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('courseForm.delete')}
          </button>
        ) : null}
      </div>
      <FormStatus ok={status.ok} error={status.error} />
    </form>
  );
}
