import type { Video } from '../../../shared/contracts/videos.ts';
import { formatDuration } from './format-duration.ts';
import { qualityLabel, smallestVideo } from './quality.ts';

/**
 * Thumbnails with title, description and the cheapest way to watch ("144p · 1.2 MB"); choosing
 * one opens it in the player.
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
  return (
    <ul className="video-grid">
      {videos.map((video) => {
        const smallest = smallestVideo(video.renditions);
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
              {smallest ? <span className="video-card-size">{qualityLabel(smallest)}</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
