import type { Video } from '../../../shared/contracts/videos.ts';
import { formatDuration } from './format-duration.ts';

/** Thumbnails with title and description; choosing one opens it in the player. */
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
      {videos.map((video) => (
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
          </button>
        </li>
      ))}
    </ul>
  );
}
