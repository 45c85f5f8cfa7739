import { useParams } from '@tanstack/react-router';
import useSWR from 'swr';
import type { Video } from '../../shared/contracts/videos.ts';
import { Screen } from '../components/screen.tsx';
import { isNotFound, LoadError, Loading } from '../components/status.tsx';
import { CommentSection } from '../features/comments/comment-section.tsx';
import { VideoPlayer } from '../features/videos/video-player.tsx';

/**
 * /videos/{videoId}: one video's player and comments at an address of its own, so that a lesson
 * can be shared, bookmarked, and reopened offline once seen (its data is then a saved copy).
 */
export default function VideoRoute() {
  const { videoId } = useParams({ from: '/videos/$videoId' });
  const { data, error, isLoading, mutate } = useSWR<Video>(`/videos/v/${encodeURIComponent(videoId)}`);
  if (error && !data) {
    return (
      <Screen title={isNotFound(error) ? 'Video not found' : 'Video'}>
        {isNotFound(error) ? (
          <p>This video does not exist (it may have been deleted).</p>
        ) : (
          <LoadError error={error} retry={() => void mutate()} />
        )}
      </Screen>
    );
  }
  if (isLoading || !data) {
    return (
      <Screen title="Video">
        <Loading label="Loading the video…" />
      </Screen>
    );
  }
  return (
    // The player names the video in its own heading; the page's (for screen readers) says what
    // the page is, so the title is not said twice. The tab shows the title.
    <Screen title="Video" titleHidden tabTitle={data.title}>
      <VideoPlayer video={data}>
        <CommentSection videoId={data._id} />
      </VideoPlayer>
    </Screen>
  );
}
