import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Video } from '../../../shared/contracts/videos.ts';
import { Empty, LoadError, Loading, MoreButton } from '../../components/status.tsx';
import { useVideoSearch } from '../../api/videos.ts';
import { useShowVideoAddress } from './video-address.ts';
import { VideoGrid } from './video-grid.tsx';
import { VideoPlayer } from './video-player.tsx';
import './videos.css';
import { t } from '../../i18n/i18n.ts';

/** How long typing must pause before the list is searched: one request per word, not per key. */
const SEARCH_PAUSE_MS = 350;

/**
 * /dashbord and /videos: every video, newest first, or those matching "Search videos"; the
 * chosen one plays above the list, with what the route puts under it (the comments).
 */
export function AllVideos({ below }: { below: (video: Video) => ReactNode }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useVideoSearch(query);
  const [selected, setSelected] = useState<Video | undefined>();
  const searchId = useId();
  const showAddress = useShowVideoAddress();

  const choose = (video: Video) => {
    setSelected(video);
    showAddress(video._id);
    document.getElementById('player-top')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  let body: ReactNode;
  if (list.error && list.items.length === 0) body = <LoadError error={list.error} retry={list.retry} />;
  else if (list.isLoading) body = <Loading label={query ? t('videos.searching') : t('videos.loading')} />;
  else if (list.items.length === 0)
    body = <Empty>{query ? t('videos.noMatch', { query }) : t('videos.empty')}</Empty>;
  else
    body = (
      <>
        <VideoGrid videos={list.items} selectedId={selected?._id} onSelect={choose} />
        {list.hasMore ? <MoreButton loading={list.loadingMore} onClick={list.loadMore} /> : null}
      </>
    );

  return (
    <div className="videos-layout">
      <form
        className="video-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(typed.trim());
        }}
      >
        <label htmlFor={searchId}>{t('videos.search')}</label>
        <input
          id={searchId}
          type="search"
          value={typed}
          maxLength={200}
          placeholder={t('videos.searchPlaceholder')}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
      </form>
      <div id="player-top" />
      {selected ? <VideoPlayer video={selected}>{below(selected)}</VideoPlayer> : null}
      {body}
    </div>
  );
}
