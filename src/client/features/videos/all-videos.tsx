import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
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
  // What is searched lives in the address (?q=), so that a search can be shared, survives Back,
  // and reopens offline from the answer the service worker saved for that very request.
  const { q: inAddress = '' } = useSearch({ strict: false }) as { q?: string };
  const query = inAddress.trim();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(inAddress);
  // The last query this box put in the address: any other came from Back, Forward or a link,
  // and replaces what the box holds (never what the student is still typing).
  const sent = useRef(query);
  useEffect(() => {
    if (query !== sent.current) {
      sent.current = query;
      setTyped(query);
    }
  }, [query]);
  const search = (text: string) => {
    const q = text.trim();
    if (q === query) return;
    sent.current = q;
    // Replaced, not pushed: Back leaves the list rather than stepping through every word typed.
    void navigate({ to: '.', search: q ? { q } : {}, replace: true });
  };
  useEffect(() => {
    const timer = setTimeout(() => search(typed), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
    // `search` reads only the address's query, which is a dependency already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, query]);
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
      <form
        className="video-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search(typed);
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
