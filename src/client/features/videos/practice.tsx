import { lazy, Suspense, useEffect, useState } from 'react';
import type { Video } from '../../../shared/contracts/videos.ts';
import { PendingMark } from '../../components/pending-mark.tsx';
import { usePendingActions } from '../../device/outbox/outbox-react.tsx';
import { plural, t } from '../../i18n/i18n.ts';
import { useApi, useCurrentUser } from '../../lib/session.tsx';
import { useOnline } from '../../lib/use-online.ts';
import { refreshSavedQuiz } from '../../api/quiz.ts';

const loadQuiz = () => import('./practice-quiz.tsx');
// Its own chunk: only a student who opens the practice downloads the quiz. Should it not load
// (offline, never opened, with data saver on), the panel says so instead of breaking the page.
const PracticeQuiz = lazy(() => loadQuiz().catch(() => ({ default: QuizUnavailable })));

function QuizUnavailable() {
  return (
    <p className="practice-note" role="status">
      {t('practice.unavailable')}
    </p>
  );
}

/**
 * "Practice (5 questions)" under the player of a video with a quiz (docs/product-additions.md,
 * "Practice"), and the student's best score: the server's, or a higher one from an attempt still
 * waiting in the outbox (marked Pending), which the server's score replaces once it is delivered.
 */
export function Practice({ video, saved }: { video: Video; saved: boolean }) {
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  const api = useApi();
  const online = useOnline();
  // The quiz of a lesson saved for offline must open with no network: its code comes now, and,
  // online, its questions as they are now, for the download to keep.
  const hasQuiz = video.quiz !== null && video.quiz.questions > 0;
  useEffect(() => {
    if (!saved || !hasQuiz) return;
    void loadQuiz().catch(() => undefined);
    if (online) refreshSavedQuiz(api, video._id);
  }, [saved, hasQuiz, online, api, video._id]);
  const waiting = usePendingActions('quiz-attempt', (a) => a.videoId === video._id).filter(
    (e) => e.state !== 'failed',
  );
  const quiz = video.quiz;
  if (!quiz || quiz.questions === 0) return null;

  const server = quiz.best ?? -1;
  const better = waiting.reduce<(typeof waiting)[number] | undefined>(
    (top, e) => (e.action.score > (top?.action.score ?? server) ? e : top),
    undefined,
  );
  const best = better ? better.action.score : server;
  const panel = `practice-${video._id}`;
  return (
    <section className="practice" aria-label={t('practiceEditor.title')}>
      <div className="practice-bar">
        <button
          type="button"
          className="player-toggle"
          aria-expanded={open}
          aria-controls={open ? panel : undefined}
          onClick={() => setOpen(!open)}
        >
          {plural('practice.open', quiz.questions)}
        </button>
        {me && best >= 0 ? (
          <span className="practice-best">
            {t('practice.best', { score: best, total: quiz.questions })} <PendingMark entry={better} />
          </span>
        ) : null}
      </div>
      {open ? (
        <Suspense
          fallback={
            <p className="practice-note" role="status">
              {t('practice.loading')}
            </p>
          }
        >
          <PracticeQuiz id={panel} videoId={video._id} title={video.title} />
        </Suspense>
      ) : null}
    </section>
  );
}
