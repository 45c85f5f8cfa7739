import { useState, type ReactNode } from 'react';
import type { Video } from '../../../shared/contracts/videos.ts';
import { Empty, LoadError, Loading, MoreButton } from '../../components/status.tsx';
import { useVideoList } from '../../api/videos.ts';
import { VideoGrid } from './video-grid.tsx';
import { VideoPlayer } from './video-player.tsx';
import './videos.css';

/**
 * /dashbord and /videos: every video, newest first; the chosen one plays above the list, with
 * what the route puts under it (the comments).
 */
export function AllVideos({ below }: { below: (video: Video) => ReactNode }) {
  const list = useVideoList();
  const [selected, setSelected] = useState<Video | undefined>();

  if (list.error && list.items.length === 0) return <LoadError error={list.error} retry={list.retry} />;
  if (list.isLoading) return <Loading label="Loading videos…" />;
  if (list.items.length === 0) return <Empty>No videos yet. Upload the first one!</Empty>;

  const choose = (video: Video) => {
    setSelected(video);
    document.getElementById('player-top')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <div className="videos-layout">
      <div id="player-top" />
      {selected ? <VideoPlayer video={selected}>{below(selected)}</VideoPlayer> : null}
      <VideoGrid videos={list.items} selectedId={selected?._id} onSelect={choose} />
      {list.hasMore ? <MoreButton loading={list.loadingMore} onClick={list.loadMore} /> : null}
    </div>
  );
}
