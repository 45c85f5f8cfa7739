import { useState, type FormEvent } from 'react';
import type { Comment } from '../../../shared/contracts/comments.ts';
import { useComments } from '../../api/comments.ts';
import { LikeButton } from '../../components/like-button.tsx';
import { PendingMark } from '../../components/pending-mark.tsx';
import { LoadError, Loading } from '../../components/status.tsx';
import type { OutboxEntry } from '../../../shared/outbox/model.ts';
import { formatDate } from '../../lib/format.ts';
import { useOutbox, usePendingActions } from '../../device/outbox/outbox-react.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import './comments.css';
import { formatNumber, t } from '../../i18n/i18n.ts';

const FIRST_LIMIT = 10;
const MAX_LENGTH = 1000;

/**
 * The add-comment form and the comment list of one video (docs/product.md, "Videos"): pages from 1 with a
 * limit of 10; "more" raises the limit by 10; "previous" is disabled on page 1. A new comment
 * goes through the outbox: shown at once, marked pending until the server has it.
 */
export function CommentSection({ videoId }: { videoId: string }) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(FIRST_LIMIT);
  const { data, error, isLoading, mutate } = useComments(videoId, page, limit);
  const waiting = usePendingActions('comment.create', (a) => a.videoId === videoId);
  const deletes = usePendingActions('comment.delete', (a) => a.videoId === videoId);
  const deleting = new Map(deletes.map((entry) => [entry.action.commentId, entry]));
  // A waiting delete hides its comment at once; a refused one shows it again, marked "Not sent".
  const shown = data?.docs.filter((c) => (deleting.get(c._id)?.state ?? 'failed') === 'failed') ?? [];

  return (
    <section className="comments" aria-labelledby={`comments-${videoId}`}>
      <h3 id={`comments-${videoId}`}>
        {t('comments.title')}
        {data ? <span className="comment-total"> ({formatNumber(data.totalDocs)})</span> : null}
      </h3>
      <CommentForm videoId={videoId} />
      <WaitingComments videoId={videoId} />
      {error && !data ? <LoadError error={error} retry={() => void mutate()} /> : null}
      {isLoading && !data ? <Loading label={t('comments.loading')} /> : null}
      {data ? (
        <>
          {shown.length === 0 && waiting.length === 0 ? (
            <p className="comment-empty">{t('comments.empty')}</p>
          ) : null}
          <ul className="comment-list">
            {shown.map((comment) => (
              <CommentItem key={comment._id} comment={comment} refused={deleting.get(comment._id)} />
            ))}
          </ul>
          <div className="comment-paging">
            <button
              type="button"
              className="button button-secondary"
              disabled={page === 1}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              {t('comments.previous')}
            </button>
            <span className="comment-page">
              {t('comments.page', {
                page: formatNumber(data.page),
                of: formatNumber(Math.max(1, data.totalPages)),
              })}
            </span>
            <button
              type="button"
              className="button button-secondary"
              disabled={!data.hasNextPage}
              onClick={() => setLimit((l) => l + FIRST_LIMIT)}
            >
              {t('comments.more')}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}

/**
 * This device's comments on a video that have not reached the server yet, newest first, each
 * with its pending or "Not sent" mark. Shown on a deleted video's screen too, so that words a
 * student wrote offline for it are still there to read, retry or discard.
 */
export function WaitingComments({ videoId }: { videoId: string }) {
  const waiting = usePendingActions('comment.create', (a) => a.videoId === videoId);
  if (waiting.length === 0) return null;
  return (
    <ul className="comment-list" aria-label={t('comments.waiting')}>
      {[...waiting].reverse().map((entry) => (
        <li key={entry.id} className="comment pending">
          <PendingCommentBody content={entry.action.content} />
          <PendingMark entry={entry} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One comment: its author, date, text and like. Its author may delete it, with no connection
 * too: the delete waits in the outbox (docs/product.md, "Videos").
 */
function CommentItem({ comment, refused }: { comment: Comment; refused: OutboxEntry | undefined }) {
  const me = useCurrentUser();
  const outbox = useOutbox();
  const remove = () => {
    if (window.confirm(t('comments.confirmDelete'))) {
      void outbox.enqueue({ kind: 'comment.delete', videoId: comment.video, commentId: comment._id });
    }
  };
  return (
    <li className="comment">
      <img
        className="comment-avatar"
        src={comment.owner.avatar}
        alt=""
        width={36}
        height={36}
        loading="lazy"
      />
      <div className="comment-body">
        <p className="comment-meta">
          <strong>{comment.owner.username}</strong>{' '}
          <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
        </p>
        <p className="comment-text">{comment.content}</p>
        <LikeButton
          target="c"
          targetId={comment._id}
          about={comment.content}
          initial={{ liked: comment.liked, likesCount: comment.likesCount }}
        />
        {me?._id === comment.owner._id ? (
          <button type="button" className="button button-secondary comment-delete" onClick={remove}>
            {t('comments.delete')}
          </button>
        ) : null}
        <PendingMark entry={refused} />
      </div>
    </li>
  );
}

function PendingCommentBody({ content }: { content: string }) {
  const me = useCurrentUser();
  return (
    <div className="comment-body">
      <p className="comment-meta">
        <strong>{me?.username ?? t('comments.you')}</strong>
      </p>
      <p className="comment-text">{content}</p>
    </div>
  );
}

function CommentForm({ videoId }: { videoId: string }) {
  const outbox = useOutbox();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentId, setSentId] = useState<string | null>(null);
  const stillWaiting = usePendingActions('comment.create', (a) => a.videoId === videoId).find(
    (e) => e.id === sentId,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = content.trim();
    if (!text) return setProblem(t('comments.writeFirst'));
    if (text.length > MAX_LENGTH) return setProblem(t('comments.tooLong', { max: formatNumber(MAX_LENGTH) }));
    setProblem(null);
    const id = await outbox.enqueue({ kind: 'comment.create', videoId, content: text });
    setSentId(id ?? null);
    setContent('');
  };

  let status: string | null = null;
  if (sentId && !stillWaiting) status = t('comments.added');
  else if (stillWaiting?.state === 'failed') status = null;
  else if (stillWaiting) status = navigator.onLine ? t('comments.sending') : t('comments.savedOffline');

  return (
    <form className="comment-form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`comment-${videoId}`}>{t('comments.add')}</label>
      <textarea
        id={`comment-${videoId}`}
        value={content}
        rows={2}
        maxLength={MAX_LENGTH + 200}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `comment-${videoId}-problem` : undefined}
        onChange={(e) => setContent(e.target.value)}
      />
      {problem ? (
        <p id={`comment-${videoId}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="comment-form-actions">
        <button type="submit" className="button">
          {t('comments.submit')}
        </button>
        <span className="comment-count">
          {content.trim().length}/{MAX_LENGTH}
        </span>
      </div>
      {status ? (
        <p className="form-status" role="status">
          {status}
        </p>
      ) : null}
    </form>
  );
}
