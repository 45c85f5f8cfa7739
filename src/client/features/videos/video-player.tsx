import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Video } from '../../../shared/contracts/videos.ts';
import { useChannelProfile } from '../../api/channels.ts';
import { LikeButton } from '../../components/like-button.tsx';
import { SubscribeButton } from '../../components/subscribe-button.tsx';
import { useApi } from '../../lib/session.tsx';
import { formatDuration } from './format-duration.ts';
import './videos.css';

/**
 * The player of one video (docs/product.md, "Videos"): 640x360 on wide screens, the full width
 * on a phone; owner with a link to their profile and Subscribe; title, description and the like button. The first
 * play adds the video to the watch history (and counts a view).
 */
export function VideoPlayer({ video, children }: { video: Video; children?: ReactNode }) {
  const api = useApi();
  const counted = useRef<string | null>(null);
  const { data: channel } = useChannelProfile(video.owner.username);

  useEffect(() => {
    counted.current = null;
  }, [video._id]);

  const onPlay = () => {
    if (counted.current === video._id) return;
    counted.current = video._id;
    // History is best effort: a view that cannot be recorded offline is not worth a queued write.
    api.post('/users/addhistory', { videoId: video._id }).catch(() => undefined);
  };

  return (
    <article className="player" aria-labelledby={`video-title-${video._id}`}>
      <div className="player-frame">
        <video
          key={video._id}
          className="player-video"
          src={video.videoFile}
          poster={video.thumbnail}
          controls
          preload="metadata"
          playsInline
          width={640}
          height={360}
          onPlay={onPlay}
        />
      </div>
      <div className="player-owner">
        <Link
          to="/userprofile/$username"
          params={{ username: video.owner.username }}
          className="player-owner-link"
        >
          <img src={video.owner.avatar} alt="" width={40} height={40} className="player-avatar" />
          <span>{video.owner.username}</span>
        </Link>
        <SubscribeButton channelId={video.owner._id} subscribed={channel?.isSubscribed ?? false} />
      </div>
      <h2 id={`video-title-${video._id}`} className="player-title">
        {video.title}
      </h2>
      <p className="player-stats">
        {video.views} {video.views === 1 ? 'view' : 'views'} · {formatDuration(video.duration)}
      </p>
      {video.description ? <p className="player-description">{video.description}</p> : null}
      <LikeButton target="v" targetId={video._id} about={video.title} />
      {children}
    </article>
  );
}
