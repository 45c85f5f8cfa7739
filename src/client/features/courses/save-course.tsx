import type { CourseDetail } from '../../../shared/contracts/courses.ts';
import type { Rendition, Video } from '../../../shared/contracts/videos.ts';
import { isMobileData } from '../../../shared/network-policy.ts';
import { useDownloads, useStorageEstimate } from '../../device/downloads/downloads-react.tsx';
import { t } from '../../i18n/i18n.ts';
import { connectionInfo, dataSaverOn } from '../../lib/data-saver.ts';
import { formatBytes } from '../../lib/format.ts';
import { downloadBytes } from '../../../shared/device-db/downloads.ts';
import { defaultQuality, useLastChoice } from '../../lib/quality.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { useOnline } from '../../lib/use-online.ts';

/** Above this, on mobile data, the student is asked before a course is saved (product-additions.md). */
export const ASK_ON_MOBILE_BYTES = 10 * 1000 * 1000;

/**
 * "Save course for offline": every lesson in the quality the player would start in, through the
 * downloads of single videos (each pauses on a dropped link and goes on by itself), with one
 * progress for the course. The size and the free space are said before anything is sent.
 */
export function SaveCourse({ course }: { course: CourseDetail }) {
  const me = useCurrentUser();
  const online = useOnline();
  const last = useLastChoice();
  const { manager, downloads } = useDownloads();
  const mine = new Map(downloads.map((d) => [d.videoId, d]));
  const chosen = course.lessons
    .map(({ video }) => ({
      video,
      rendition: defaultQuality(video.renditions, { dataSaver: dataSaverOn(), last }),
    }))
    .filter((l): l is { video: Video; rendition: Rendition } => l.rendition !== undefined);
  const savedCount = chosen.filter(({ video }) => mine.get(video._id)?.state === 'saved').length;
  // Lessons with nothing kept (never saved, or refused): what the button saves.
  const missing = chosen.filter(({ video }) => {
    const d = mine.get(video._id);
    return d === undefined || d.state === 'failed';
  });
  // Some of them were refused before (no room, gone from the server): the button tries again.
  const refused = missing.some(({ video }) => mine.has(video._id));
  // What is still to come: a lesson saved (or half saved) already costs only what it misses.
  const toCome = chosen.reduce((sum, { video, rendition }) => {
    const d = mine.get(video._id);
    if (d?.state === 'saved') return sum;
    const have = d && d.state !== 'failed' && d.quality === rendition.quality ? d.received : 0;
    return sum + Math.max(0, downloadBytes(rendition.bytes, video) - have);
  }, 0);
  const total = chosen.reduce((sum, { video, rendition }) => sum + downloadBytes(rendition.bytes, video), 0);
  const estimate = useStorageEstimate(savedCount);
  if (!me || !manager || chosen.length === 0) return null;

  // A lesson still being processed has no copy to save yet: the course is not whole without it.
  const notReady = course.lessons.length - chosen.length;
  if (savedCount === chosen.length && notReady === 0) {
    return (
      <p className="save-course save-course-done" role="status">
        {t('saveCourse.saved', { size: formatBytes(total) })}
      </p>
    );
  }
  if (savedCount === chosen.length) {
    return (
      <p className="save-course" role="status">
        {t('saveCourse.notReady', { n: notReady })}
      </p>
    );
  }
  if (missing.length === 0) {
    // Every lesson is on its way: one progress for the course. Each lesson pauses when the link
    // drops and goes on by itself (the downloads' own rules), so this line just follows them, and
    // says why it is not moving with the words a single lesson's download uses.
    const waiting = chosen
      .map(({ video }) => mine.get(video._id))
      .find((d) => d?.state === 'waiting' && d.message)?.message;
    return (
      <div className="save-course">
        <p role="status">
          <progress max={chosen.length} value={savedCount} aria-hidden="true" />{' '}
          {t('saveCourse.saving', { done: savedCount, total: chosen.length })}
          {/* In the same status, so a screen reader says it when it comes. */}
          {waiting ? <span className="field-note save-course-waiting">{waiting}</span> : null}
        </p>
      </div>
    );
  }

  const roomy = !estimate || estimate.free >= toCome;
  const start = () => {
    if (isMobileData(connectionInfo()?.type) && toCome > ASK_ON_MOBILE_BYTES) {
      if (!window.confirm(t('saveCourse.askMobile', { size: formatBytes(toCome) }))) return;
    }
    // Each lesson is a download of its own, all started now; one already saved (on its own
    // or with another course) is kept as it is and only joins this course on /downloads.
    void (async () => {
      for (const { video, rendition } of chosen) {
        await manager.save(video, rendition, me._id, { _id: course._id, title: course.title });
      }
    })();
  };
  return (
    <div className="save-course">
      {refused ? (
        <p className="form-status error" role="alert">
          {t('saveCourse.someFailed')}
        </p>
      ) : null}
      <button type="button" className="button" disabled={!online || !roomy} onClick={start}>
        {estimate
          ? t('saveCourse.start', { size: formatBytes(toCome), free: formatBytes(estimate.free) })
          : t('saveCourse.startNoFree', { size: formatBytes(toCome) })}
      </button>
      {!online ? <p className="field-note">{t('saveCourse.needsConnection')}</p> : null}
      {online && !roomy && estimate ? (
        <p className="form-status error" role="alert">
          {t('saveCourse.noRoom', { size: formatBytes(toCome), free: formatBytes(estimate.free) })}
        </p>
      ) : null}
    </div>
  );
}
