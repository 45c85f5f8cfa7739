import { Link } from '@tanstack/react-router';
import { Empty, LoadError, Loading, MoreButton } from '../../components/status.tsx';
import { useWatchHistory } from '../../api/account.ts';
import { useLikedVideos } from '../../api/likes.ts';
import './account.css';
import { plural, t } from '../../i18n/i18n.ts';

/** Your Watch History: most recently watched first, with owner and length in seconds. */
export function WatchHistory() {
  const list = useWatchHistory();
  return (
    <section className="account-panel" aria-labelledby="watch-history">
      <h2 id="watch-history">{t('history.title')}</h2>
      {list.isLoading ? <Loading /> : null}
      {list.error ? <LoadError error={list.error} retry={list.retry} what={t('history.what')} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <Empty>{t('history.empty')}</Empty> : null}
      {list.items.length > 0 ? (
        <ul className="video-list">
          {list.items.map((video) => (
            <li key={video._id}>
              <Link to="/videos/$videoId" params={{ videoId: video._id }} className="video-item">
                <img src={video.thumbnail} alt="" width={160} height={90} loading="lazy" />
                <div>
                  <p className="video-title">{video.title}</p>
                  <p className="video-meta">{video.owner.fullName}</p>
                  <p className="video-meta">{plural('history.seconds', Math.round(video.duration))}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {list.hasMore ? <MoreButton loading={list.loadingMore} onClick={list.loadMore} /> : null}
    </section>
  );
}

/** My Likes: the videos you liked, most recent like first. */
export function MyLikes() {
  const list = useLikedVideos();
  return (
    <section className="account-panel" aria-labelledby="my-likes">
      <h2 id="my-likes">{t('likes.title')}</h2>
      {list.isLoading ? <Loading /> : null}
      {list.error ? <LoadError error={list.error} retry={list.retry} what={t('likes.what')} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <Empty>{t('likes.empty')}</Empty> : null}
      {list.items.length > 0 ? (
        <ul className="video-list">
          {list.items.map((like) => (
            <li key={like._id}>
              <Link to="/videos/$videoId" params={{ videoId: like.video._id }} className="video-item">
                <img src={like.video.thumbnail} alt="" width={160} height={90} loading="lazy" />
                <div>
                  <p className="video-title">{like.video.title}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {list.hasMore ? <MoreButton loading={list.loadingMore} onClick={list.loadMore} /> : null}
    </section>
  );
}
