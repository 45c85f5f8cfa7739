import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { CurrentUser } from '../../../shared/contracts/users.ts';
import type { Video } from '../../../shared/contracts/videos.ts';
import { Empty, LoadError, Loading, MoreButton } from '../../components/status.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi } from '../../lib/session.tsx';
import { deleteVideo, useVideoList } from '../../api/videos.ts';
import { useShowVideoAddress } from './video-address.ts';
import { VideoGrid } from './video-grid.tsx';
import { ChosenPlayer, usePlayerSoon } from './chosen-player.tsx';
import './videos.css';
import { t } from '../../i18n/i18n.ts';

/** /getvideos: the user's own videos; the chosen one plays with Delete and an Update link. */
export function MyVideos({ user, below }: { user: CurrentUser; below: (video: Video) => ReactNode }) {
  const api = useApi();
  const list = useVideoList(user._id);
  const [selected, setSelected] = useState<Video | undefined>();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const showAddress = useShowVideoAddress();
  usePlayerSoon(list.items.length > 0);

  const remove = async (video: Video) => {
    if (!window.confirm(t('myVideos.confirmDelete', { title: video.title }))) return;
    setDeleting(true);
    try {
      await deleteVideo(api, video._id);
      setStatus({ ok: true, text: t('myVideos.deleted') });
      setSelected(undefined);
      list.retry();
    } catch (err) {
      setStatus({ ok: false, text: t('myVideos.deleteError', { message: errorMessage(err) }) });
    } finally {
      setDeleting(false);
    }
  };

  if (list.error && list.items.length === 0) return <LoadError error={list.error} retry={list.retry} />;
  if (list.isLoading) return <Loading label={t('myVideos.loading')} />;
  return (
    <div className="videos-layout">
      <p>
        <Link to="/uploadvideo" className="button">
          {t('nav.upload')}
        </Link>
      </p>
      {status ? (
        <p className={status.ok ? 'form-status' : 'form-status error'} role="status">
          {status.text}
        </p>
      ) : null}
      {list.items.length === 0 ? <Empty detail={<p>{t('myVideos.empty')}</p>} /> : null}
      {selected ? (
        <ChosenPlayer video={selected}>
          <div className="owner-actions">
            <Link
              to="/updatevideo/$videoId"
              params={{ videoId: selected._id }}
              className="button button-secondary"
            >
              {t('myVideos.update')}
            </Link>
            <button
              type="button"
              className="button danger"
              disabled={deleting}
              onClick={() => void remove(selected)}
            >
              {deleting ? t('myVideos.deleting') : t('myVideos.delete')}
            </button>
          </div>
          {below(selected)}
        </ChosenPlayer>
      ) : null}
      <VideoGrid
        videos={list.items}
        selectedId={selected?._id}
        onSelect={(video) => {
          setStatus(null);
          setSelected(video);
          showAddress(video._id);
        }}
      />
      {list.hasMore ? <MoreButton loading={list.loadingMore} onClick={list.loadMore} /> : null}
    </div>
  );
}
