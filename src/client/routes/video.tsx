import { useParams } from '@tanstack/react-router';
import { useVideo } from '../api/videos.ts';
import { Screen } from '../components/screen.tsx';
import { isNotFound, LoadError, Loading } from '../components/status.tsx';
import { CommentsOnDemand, WaitingCommentsOnDemand } from '../features/comments/comments-on-demand.tsx';
import { useForgetDeleted } from '../features/videos/forget-deleted.ts';
import { VideoPlayer } from '../features/videos/video-player.tsx';
import { t } from '../i18n/i18n.ts';

/**
 * /videos/{videoId}: one video's player and comments at an address of its own, so that a video
 * can be shared, bookmarked, and reopened offline once seen (its data is then a saved copy).
 */
export default function VideoRoute() {
  const { videoId } = useParams({ from: '/videos/$videoId' });
  const { data, error, isLoading, mutate } = useVideo(videoId);
  // The server's 404 wins over any copy shown before it: the video was deleted meanwhile.
  const gone = isNotFound(error);
  useForgetDeleted(videoId, gone);
  if (error && (gone || !data)) {
    return (
      <Screen title={isNotFound(error) ? t('video.notFound') : t('title.video')}>
        {isNotFound(error) ? (
          <>
            <p>{t('video.gone')}</p>
            <WaitingCommentsOnDemand videoId={videoId} />
          </>
        ) : (
          <LoadError error={error} retry={() => void mutate()} />
        )}
      </Screen>
    );
  }
  if (isLoading || !data) {
    return (
      <Screen title={t('title.video')}>
        <Loading label={t('video.loading')} />
      </Screen>
    );
  }
  return (
    // The player names the video in its own heading; the page's (for screen readers) says what
    // the page is, so the title is not said twice. The tab shows the title.
    <Screen title={t('title.video')} titleHidden tabTitle={data.title}>
      <VideoPlayer video={data}>
        <CommentsOnDemand videoId={data._id} />
      </VideoPlayer>
    </Screen>
  );
}
