import type { Video } from '../../../shared/contracts/videos.ts';
import { dataSaverOn } from '../../lib/data-saver.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { defaultQuality, qualityLabel, useLastChoice } from '../../lib/quality.ts';

/**
 * Thumbnails with title, description and what watching costs: the copy the player would start
 * in ("240p · 9.8 MB"; with data saver, the smallest), so the size on the card is the size the
 * student will spend. Choosing one opens it in the player.
 */
export function VideoGrid({
  videos,
  selectedId,
  onSelect,
}: {
  videos: Video[];
  selectedId: string | undefined;
  onSelect: (video: Video) => void;
}) {
  const rule = { dataSaver: dataSaverOn(), last: useLastChoice() };
  return (
    <ul className="video-grid">
      {videos.map((video) => {
        const starts = defaultQuality(video.renditions, rule);
        return (
          <li key={video._id}>
            <button
              type="button"
              className={video._id === selectedId ? 'video-card selected' : 'video-card'}
              aria-current={video._id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(video)}
            >
              <span className="video-thumb">
                <img src={video.thumbnail} alt="" width={320} height={180} loading="lazy" decoding="async" />
                <span className="video-duration">{formatDuration(video.duration)}</span>
              </span>
              <span className="video-card-title">{video.title}</span>
              <span className="video-card-owner">{video.owner.username}</span>
              {video.description ? <span className="video-card-description">{video.description}</span> : null}
              {starts ? <span className="video-card-size">{qualityLabel(starts)}</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
