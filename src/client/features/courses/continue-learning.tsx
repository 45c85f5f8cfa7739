import { Link } from '@tanstack/react-router';
import { useRecentProgress } from '../../api/progress.ts';
import { t } from '../../i18n/i18n.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { useCurrentUser } from '../../lib/session.tsx';
// Its own few rules: the dashboard does not load the course screens' stylesheet.
import './continue-learning.css';

/** How many unfinished places "Continue learning" offers. */
const SHOWN = 3;

/**
 * "Continue learning" on /dashbord: the latest lessons (and videos) the student left unfinished,
 * each opening where they stopped; nothing at all when there is none.
 */
export function ContinueLearning() {
  const me = useCurrentUser();
  const { data } = useRecentProgress(me !== null);
  const unfinished = (data ?? []).filter((p) => !p.completed).slice(0, SHOWN);
  if (unfinished.length === 0) return null;
  return (
    <section className="continue-learning" aria-labelledby="continue-learning">
      <h2 id="continue-learning">{t('continue.title')}</h2>
      <ul>
        {unfinished.map((place) => {
          const label = t('continue.at', { title: place.video.title, time: formatDuration(place.position) });
          return (
            <li key={place.videoId}>
              {place.course ? (
                <Link
                  to="/courses/$courseId/lessons/$videoId"
                  params={{ courseId: place.course._id, videoId: place.videoId }}
                  className="continue-link"
                >
                  <img src={place.video.thumbnail} alt="" width={96} height={54} loading="lazy" />
                  <span>
                    <span className="continue-title">{label}</span>
                    <span className="continue-course">
                      {t('continue.inCourse', { course: place.course.title })}
                    </span>
                  </span>
                </Link>
              ) : (
                <Link to="/videos/$videoId" params={{ videoId: place.videoId }} className="continue-link">
                  <img src={place.video.thumbnail} alt="" width={96} height={54} loading="lazy" />
                  <span className="continue-title">{label}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
