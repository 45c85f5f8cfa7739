import { useState, type ReactNode } from 'react';
import type { Video } from '../../../shared/contracts/videos.ts';
import { SearchBox, useAddressSearch } from '../../components/search/search-box.tsx';
import { Empty, LoadError, Loading, MoreButton } from '../../components/status.tsx';
import { useVideoSearch } from '../../api/videos.ts';
import { useShowVideoAddress } from './video-address.ts';
import { VideoGrid } from './video-grid.tsx';
import { ChosenPlayer, usePlayerSoon } from './chosen-player.tsx';
import './videos.css';
import { t } from '../../i18n/i18n.ts';

/**
 * /dashbord and /videos: every video, newest first, or those matching "Search videos"; the
 * chosen one plays above the list, with what the route puts under it (the comments).
 */
export function AllVideos({ below }: { below: (video: Video) => ReactNode }) {
  const { query, box } = useAddressSearch();
  const list = useVideoSearch(query);
  const [selected, setSelected] = useState<Video | undefined>();
  const showAddress = useShowVideoAddress();
  usePlayerSoon(list.items.length > 0);

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
        {list.suggestion ? (
          <p className="search-suggestion" role="status">
            {t('videos.showingResultsFor', { query: list.suggestion })}
          </p>
        ) : null}
        <VideoGrid videos={list.items} selectedId={selected?._id} onSelect={choose} />
        {list.hasMore ? <MoreButton loading={list.loadingMore} onClick={list.loadMore} /> : null}
      </>
    );

  return (
    <div className="videos-layout">
      <SearchBox label={t('videos.search')} placeholder={t('videos.searchPlaceholder')} box={box} />
      <div id="player-top" />
      {selected ? <ChosenPlayer video={selected}>{below(selected)}</ChosenPlayer> : null}
      {body}
    </div>
  );
}
