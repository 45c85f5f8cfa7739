import { useNavigate } from '@tanstack/react-router';
import { useVideoList } from '../../api/videos.ts';
import { Empty, LoadError, Loading, MoreButton } from '../../components/status.tsx';
import { VideoGrid } from './video-grid.tsx';
import './videos.css';
import { t } from '../../i18n/i18n.ts';

/**
 * A channel's videos under its profile (product-additions.md, "A video has its own address"):
 * each opens at its own address, /videos/{id}.
 */
export function ChannelVideos({ ownerId, name }: { ownerId: string; name: string }) {
  const list = useVideoList(ownerId);
  const navigate = useNavigate();
  let body;
  if (list.error && list.items.length === 0)
    body = <LoadError error={list.error} retry={list.retry} what={t('videos.whose', { name })} />;
  else if (list.isLoading) body = <Loading label={t('videos.loading')} />;
  else if (list.items.length === 0) body = <Empty>{t('videos.noneBy', { name })}</Empty>;
  else
    body = (
      <>
        <VideoGrid
          videos={list.items}
          selectedId={undefined}
          onSelect={(video) => void navigate({ to: '/videos/$videoId', params: { videoId: video._id } })}
        />
        {list.hasMore ? <MoreButton loading={list.loadingMore} onClick={list.loadMore} /> : null}
      </>
    );
  return (
    <section className="channel-list" aria-labelledby="channel-videos">
      <h2 id="channel-videos">{t('videos.heading')}</h2>
      {body}
    </section>
  );
}
