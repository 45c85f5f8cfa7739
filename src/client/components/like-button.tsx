import type { LikeKind, LikeState } from '../../shared/contracts/likes.ts';
import { useLikeState } from '../api/likes.ts';
import { useQueuedToggle } from '../device/outbox/outbox-react.tsx';
import { PendingMark } from './pending-mark.tsx';
import { formatNumber, plural, t } from '../i18n/i18n.ts';

/**
 * A like that works offline: a tap is queued in the outbox (many taps leave one entry with the
 * final state) and shown at once, marked pending until the server has it. `initial` is the state
 * a list item already carries, so lists do not ask the server once per item.
 */
export function LikeButton({
  target,
  targetId,
  initial,
  about,
}: {
  target: LikeKind;
  targetId: string;
  initial?: LikeState;
  /** What is liked (a video's title, a comment's words), so the outbox can say which. */
  about?: string;
}) {
  const { data: server } = useLikeState(target, targetId, initial);
  const base = server ?? { liked: false, likesCount: 0 };
  const {
    on: liked,
    latest,
    toggle,
  } = useQueuedToggle({
    kind: 'like',
    match: (a) => a.target === target && a.targetId === targetId,
    server: base.liked,
    stateOf: (a) => a.liked,
    action: (on) => ({ kind: 'like', target, targetId, liked: on, ...(about ? { about } : {}) }),
  });
  const likesCount = Math.max(0, base.likesCount + (liked === base.liked ? 0 : liked ? 1 : -1));

  return (
    <span className="like">
      <button
        type="button"
        className={liked ? 'like-button liked' : 'like-button'}
        aria-pressed={liked}
        aria-label={t(`like.${liked ? 'unlike' : 'like'}.${target}`)}
        onClick={toggle}
      >
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {liked ? t('like.liked') : t('like.like')}
      </button>
      <span className="like-count" aria-label={plural('like.count', likesCount)}>
        {formatNumber(likesCount)}
      </span>
      <PendingMark entry={latest} />
    </span>
  );
}
