import { Link } from '@tanstack/react-router';
import { DownloadControls, percentSaved } from '../../components/downloads/download-controls.tsx';
import { useDownloads, useStorageEstimate } from '../../device/downloads/downloads-react.tsx';
import type { DownloadManager, DownloadRecord } from '../../device/downloads/downloads.ts';
import { formatBytes, formatDate } from '../../lib/format.ts';
import { downloadBytes } from '../../../shared/device-db/downloads.ts';
import { t } from '../../i18n/i18n.ts';
import './downloads.css';

function stateLine(d: DownloadRecord): string {
  if (d.state === 'saved')
    return t('downloads.savedOn', { date: formatDate(new Date(d.savedAt ?? d.createdAt).toISOString()) });
  if (d.state === 'paused') return t('downloads.pausedAt', { percent: percentSaved(d) });
  if (d.state === 'failed') return t('downloads.notSaved');
  return t('downloads.saving', { percent: percentSaved(d) });
}

/**
 * /downloads (docs/product.md, "Saving lessons for offline"): every video this student saved,
 * with Play and Delete, the space the downloads use and the free space; from the device, so it
 * works offline.
 */
export function DownloadsList() {
  const { manager, downloads } = useDownloads();
  const used = downloads.reduce(
    (sum, d) => sum + (d.state === 'saved' ? downloadBytes(d.bytes, d.video) : d.received),
    0,
  );
  const estimate = useStorageEstimate(used);
  if (!manager) return <p role="status">{t('downloads.reading')}</p>;
  // Lessons saved with a course are listed under it, in the order they were saved.
  const byCourse = new Map<string, { course: { _id: string; title: string }; lessons: DownloadRecord[] }>();
  for (const d of downloads) {
    if (!d.course) continue;
    const group = byCourse.get(d.course._id) ?? { course: d.course, lessons: [] };
    group.lessons.push(d);
    byCourse.set(d.course._id, group);
  }
  const courses = [...byCourse.values()];
  const alone = downloads.filter((d) => !d.course);
  return (
    <>
      <p className="downloads-space" role="status">
        {t('downloads.used', { size: formatBytes(used) })}
        {estimate ? ` ${t('downloads.free', { size: formatBytes(estimate.free) })}` : ''}
      </p>
      {downloads.length === 0 ? <p>{t('downloads.none')}</p> : null}
      {courses.map(({ course, lessons }) => (
        <section key={course._id} className="downloads-course" aria-labelledby={`course-${course._id}`}>
          <h2 id={`course-${course._id}`}>
            <Link to="/courses/$courseId" params={{ courseId: course._id }} className="text-link">
              {course.title}
            </Link>
          </h2>
          <DownloadItems downloads={lessons} manager={manager} level={3} />
        </section>
      ))}
      {alone.length > 0 ? <DownloadItems downloads={alone} manager={manager} level={2} /> : null}
    </>
  );
}

/** Saved videos with Play (a lesson opens in its course) and the controls of each download. */
function DownloadItems({
  downloads,
  manager,
  level,
}: {
  downloads: DownloadRecord[];
  manager: DownloadManager;
  level: 2 | 3;
}) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <ul className="downloads">
      {downloads.map((d) => (
        <li key={d.id} className={`download download-${d.state}`}>
          <img src={d.thumbnail} alt="" width={160} height={90} className="download-thumbnail" />
          <div className="download-text">
            <Title className="download-title">{d.title}</Title>
            <p className="download-meta">
              {d.quality} · {formatBytes(downloadBytes(d.bytes, d.video))} · {stateLine(d)}
            </p>
            {d.message ? (
              <p className="download-message" role="status">
                {d.message}
              </p>
            ) : null}
            <div className="download-actions">
              {d.state === 'saved' ? (
                d.course ? (
                  <Link
                    to="/courses/$courseId/lessons/$videoId"
                    params={{ courseId: d.course._id, videoId: d.videoId }}
                    className="button"
                    aria-label={t('downloads.playTitle', { title: d.title })}
                  >
                    {t('downloads.play')}
                  </Link>
                ) : (
                  <Link
                    to="/videos/$videoId"
                    params={{ videoId: d.videoId }}
                    className="button"
                    aria-label={t('downloads.playTitle', { title: d.title })}
                  >
                    {t('downloads.play')}
                  </Link>
                )
              ) : null}
              <DownloadControls download={d} manager={manager} title={d.title} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
