import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Chapter } from '../../../shared/chapters.ts';
import type { Processing, RenditionQuality, Video } from '../../../shared/contracts/videos.ts';
import { useChannelProfile } from '../../api/channels.ts';
import { isProcessing, useLiveVideo } from '../../api/videos.ts';
import { LikeButton } from '../../components/like-button.tsx';
import { SubscribeButton } from '../../components/subscribe-button.tsx';
import { dataSaverOn } from '../../lib/data-saver.ts';
import { formatNumber, plural, t } from '../../i18n/i18n.ts';
import { useDownloads } from '../../device/downloads/downloads-react.tsx';
import { useOutbox } from '../../device/outbox/outbox-react.tsx';
import { useApi, useCurrentUser } from '../../lib/session.tsx';
import { useOnline } from '../../lib/use-online.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { useForgetDeleted } from './forget-deleted.ts';
import { defaultQuality, qualityLabel, rememberChoice, useLastChoice } from '../../lib/quality.ts';
import {
  captionsFor,
  rememberCaptions,
  rememberSpeed,
  useLastCaptions,
  useSpeed,
} from '../../lib/player-choices.ts';
import { ChapterMarks, Chapters } from './chapters.tsx';
import { DownloadButton } from './download-button.tsx';
import { ListenToggle, useMediaSession, type LessonSteps } from './listen.tsx';
import { CaptionsSelect, CaptionTracks, useTrackModes, type CaptionTrack } from './player-captions.tsx';
import { Practice } from './practice.tsx';
import { ResumeNotice, useResume } from './resume.tsx';
import { applySpeed, SpeedSelect, useSpeedOn } from './speed.tsx';
import './videos.css';
import './player-controls.css';
import { addToHistory } from '../../api/account.ts';
import { onDemand } from '../../components/on-demand.tsx';
import { partStates } from '../../components/on-demand-states.tsx';

// The transcript shows only when asked for, so its code (about 2 KB gzip) is a file of its own,
// fetched when it is first opened, or as soon as the lesson is saved on the device, so that it
// opens offline too (as the practice's code does).
const transcript = onDemand(
  () => import('./transcript.tsx').then((module) => module.TranscriptPanel),
  partStates({ loading: () => t('player.transcriptLoading'), what: () => t('player.transcriptWhat') }),
);
const TranscriptPanel = transcript.Part;

/**
 * What making the smaller copies has come to, in true words: a job still in the queue has not
 * started, and one at 0% has started but reported nothing yet ("Processing 0%" for half a
 * minute reads as stuck).
 */
export function processingText({ state, progress }: Processing): string {
  if (state === 'queued') return t('player.queued');
  if (progress <= 0) return t('player.started');
  return t('player.processing', { percent: formatNumber(progress) });
}

const hasSmallerCopies = (video: Video) => video.renditions.some((r) => r.quality !== 'original');

const NO_CAPTIONS: readonly CaptionTrack[] = [];
const NO_CHAPTERS: readonly Chapter[] = [];

/** Its captions and chapters; an answer kept from before videos had them (a saved lesson) has none. */
function extrasOf(video: {
  captions?: readonly CaptionTrack[] | undefined;
  chapters?: readonly Chapter[] | undefined;
}) {
  return { captions: video.captions ?? NO_CAPTIONS, chapters: video.chapters ?? NO_CHAPTERS };
}

// When the lock screen's previous or next lesson was pressed while one played: the lesson it
// opens plays at once, as a playlist would, even if its screen is a new player. Only just then:
// a lesson opened later by other means does not start by itself.
let playOnArrival = 0;
const ARRIVAL_MS = 10_000;

/**
 * The player of one video (docs/product.md, "Videos"): 640x360 on wide screens, the full width
 * on a phone; owner with a link to their profile and Subscribe; title, description and the like
 * button. The first play adds the video to the watch history (and counts a view).
 *
 * Nothing is downloaded before the student presses play (preload "none"). "Quality" lists every
 * copy with its size; a change keeps the position, and playing goes on if it was (docs/product.md,
 * "Watching on a weak link"). It starts where the student stopped (resume.tsx).
 *
 * The learner's controls (docs/product-additions.md, "The player a learner needs"): "Speed";
 * "Captions" and "Transcript" when the video has caption tracks; "Chapters" when its description
 * has them; "Listen" when its Audio only copy can play here. `lessons`, in a course, gives the
 * lock screen its previous and next lesson.
 *
 * Under them, for a video with a quiz, "Practice (5 questions)" and the best score (practice.tsx).
 */
export function VideoPlayer({
  video: given,
  lessons,
  children,
}: {
  video: Video;
  lessons?: LessonSteps | undefined;
  children?: ReactNode;
}) {
  const api = useApi();
  const me = useCurrentUser();
  const online = useOnline();
  const { video, gone } = useLiveVideo(given, { dataSaver: dataSaverOn() });
  const counted = useRef<string | null>(null);
  // The media element on show, video or audio: a ref for the handlers, state for what follows it.
  const element = useRef<HTMLMediaElement | null>(null);
  const [media, setMedia] = useState<HTMLMediaElement | null>(null);
  const attach = useCallback((el: HTMLMediaElement | null) => {
    element.current = el;
    setMedia(el);
  }, []);
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const [chosen, setChosen] = useState<{ videoId: string; quality: RenditionQuality }>();
  const [started, setStarted] = useState<string>();
  const { data: channel } = useChannelProfile(video.owner.username);
  const { manager, downloads } = useDownloads();
  const saved = downloads.find((d) => d.videoId === video._id);
  const last = useLastChoice();
  const speed = useSpeed();
  const lastCaptions = useLastCaptions();
  const [listenChosen, setListenChosen] = useState(false);
  const [transcriptOpen, setTranscriptOpen] = useState(false);
  const outbox = useOutbox();
  const place = useResume({
    video,
    element,
    owner: me?._id,
    online,
    enqueue: (action) => void outbox.enqueue(action),
  });

  useEffect(() => {
    counted.current = null;
    resume.current = null;
  }, [video._id]);

  // Deleted on the server: its saved copy goes too (docs/offline.md, "Downloads").
  useForgetDeleted(video._id, gone);

  // A saved copy plays first (from the device, online too: docs/offline.md, "Downloads").
  const savedCopy =
    saved?.state === 'saved' ? video.renditions.find((r) => r.quality === saved.quality) : undefined;
  // Offline, only what is on this device can play: the saved copy, or nothing.
  const playable = online ? video.renditions : savedCopy ? [savedCopy] : [];
  const picked =
    chosen?.videoId === video._id ? playable.find((r) => r.quality === chosen.quality) : undefined;
  const current = picked ?? savedCopy ?? defaultQuality(video.renditions, { dataSaver: dataSaverOn(), last });
  const playing = started === video._id;
  const onDevice = online || savedCopy !== undefined;

  const { captions, chapters } = extrasOf(video);
  const savedHere = saved?.state === 'saved';
  useEffect(() => {
    if (savedHere && captions.length > 0) void transcript.preload().catch(() => undefined);
  }, [savedHere, captions.length]);
  const shownCaptions = captionsFor(captions, lastCaptions);
  // The transcript reads the captions on show, or the first track while they are Off.
  const transcriptTrack = shownCaptions ?? captions[0];
  // Listening needs the Audio only copy where it can play: online, or saved as that copy.
  const audio = video.renditions.find((r) => r.quality === 'audio');
  const canListen = audio !== undefined && (online || savedCopy?.quality === 'audio');
  // Kept from video to video: the next lesson, chosen on the lock screen, is listened to too.
  const listening = listenChosen && canListen;
  const mediaSource = listening ? audio?.url : (current?.url ?? video.videoFile);

  useSpeedOn(media, speed);
  useTrackModes(media, captions, {
    showing: shownCaptions?._id,
    reading: transcriptOpen ? transcriptTrack?._id : undefined,
    source: mediaSource,
    onChoose: rememberCaptions,
  });
  const step = (go: (() => void) | undefined) =>
    go &&
    (() => {
      playOnArrival = element.current && !element.current.paused ? Date.now() : 0;
      go();
    });
  useMediaSession({
    element,
    title: video.title,
    artist: video.owner.username,
    artwork: video.thumbnail,
    lessons: lessons && { previous: step(lessons.previous), next: step(lessons.next) },
  });
  useEffect(() => {
    // The element itself, not `media`: in the render where the lesson changes, that state still
    // names the last lesson's element, gone from the page.
    const el = element.current;
    if (!el || Date.now() - playOnArrival > ARRIVAL_MS) return;
    playOnArrival = 0;
    el.play().catch(() => undefined);
  }, [media, video._id]);

  if (gone) {
    return (
      <article className="player player-gone" aria-labelledby={`video-title-${video._id}`}>
        <h2 id={`video-title-${video._id}`} className="player-title">
          {t('video.notFound')}
        </h2>
        <p role="status">{t('video.gone')}</p>
      </article>
    );
  }

  const onPlay = () => {
    place.onPlay();
    // Once playing, the quality stays put even if new renditions arrive meanwhile.
    if (current && !picked) setChosen({ videoId: video._id, quality: current.quality });
    setStarted(video._id);
    if (counted.current === video._id) return;
    counted.current = video._id;
    // History is best effort: a view that cannot be recorded offline is not worth a queued write.
    addToHistory(api, video._id).catch(() => undefined);
  };

  const choose = (quality: RenditionQuality) => {
    const el = element.current;
    if (el && (el.currentTime > 0 || !el.paused))
      resume.current = { time: el.currentTime, playing: !el.paused };
    rememberChoice(quality);
    setChosen({ videoId: video._id, quality });
  };

  // Watching and listening are two elements of one timeline: the new one starts where the
  // other was, and plays on if it played.
  const listen = (on: boolean) => {
    const el = element.current;
    if (el && (el.currentTime > 0 || !el.paused))
      resume.current = { time: el.currentTime, playing: !el.paused };
    el?.pause();
    setListenChosen(on);
  };

  const seekTo = (time: number) => place.seekTo(time);

  const onLoadedMetadata = () => {
    const el = element.current;
    applySpeed(el, speed);
    const at = resume.current;
    if (!el || !at) {
      place.onLoadedMetadata();
      return;
    }
    resume.current = null;
    el.currentTime = at.time;
    if (at.playing) el.play().catch(() => undefined);
  };

  const owner = me?._id === video.owner._id;
  return (
    <article className="player" aria-labelledby={`video-title-${video._id}`}>
      <div className="player-frame">
        {onDevice && listening ? (
          <div className="player-listen">
            <img src={video.thumbnail} alt="" width={640} height={360} className="player-listen-thumb" />
            <audio
              key={`audio-${video._id}`}
              ref={attach}
              className="player-audio"
              src={audio?.url}
              controls
              preload={playing ? (dataSaverOn() ? 'metadata' : 'auto') : 'none'}
              onPlay={onPlay}
              onLoadedMetadata={onLoadedMetadata}
              onPause={place.onPause}
              onEnded={place.onEnded}
              onTimeUpdate={place.onTimeUpdate}
            >
              <CaptionTracks tracks={captions} />
            </audio>
          </div>
        ) : onDevice ? (
          <video
            key={video._id}
            ref={attach}
            className="player-video"
            src={current?.url ?? video.videoFile}
            poster={video.thumbnail}
            controls
            // Nothing before play; after it, a new quality loads at once so it can take over.
            preload={playing ? (dataSaverOn() ? 'metadata' : 'auto') : 'none'}
            playsInline
            width={640}
            height={360}
            onPlay={onPlay}
            onLoadedMetadata={onLoadedMetadata}
            onPause={place.onPause}
            onEnded={place.onEnded}
            onTimeUpdate={place.onTimeUpdate}
          >
            <CaptionTracks tracks={captions} />
          </video>
        ) : (
          // Offline and not saved: no Play that cannot play, but the words that say why.
          <div className="player-video player-absent" role="status">
            <img src={video.thumbnail} alt="" width={640} height={360} />
            <p>{t('player.notOnDevice')}</p>
          </div>
        )}
        {onDevice ? <ChapterMarks chapters={chapters} duration={video.duration} onSeek={seekTo} /> : null}
      </div>
      {onDevice ? <ResumeNotice resume={place} /> : null}
      <div className="player-quality">
        <label htmlFor={`quality-${video._id}`}>{t('player.quality')}</label>
        <select
          id={`quality-${video._id}`}
          value={current?.quality}
          disabled={!onDevice}
          onChange={(event) => choose(event.target.value as RenditionQuality)}
        >
          {video.renditions.map((rendition) => {
            // Offline, a copy that is not on this device is listed, but cannot be chosen.
            const absent = !playable.includes(rendition);
            return (
              <option key={rendition.quality} value={rendition.quality} disabled={absent}>
                {absent
                  ? t('player.notSavedQuality', { quality: qualityLabel(rendition) })
                  : qualityLabel(rendition)}
              </option>
            );
          })}
        </select>
        {owner && isProcessing(video) ? (
          <span className="player-processing" role="status">
            {processingText(video.processing)}
          </span>
        ) : null}
        {!owner && isProcessing(video) && !hasSmallerCopies(video) ? (
          // Their copies are published a moment before their job is marked done: once they are
          // offered above, "being made" would no longer be true.
          <span className="player-processing" role="status">
            {t('player.makingCopies')}
          </span>
        ) : null}
        {owner && video.processing.state === 'failed' ? (
          <span className="player-processing" role="status">
            {t('player.failed')}
          </span>
        ) : null}
        {me && manager ? (
          <DownloadButton
            video={video}
            rendition={current}
            ownerId={me._id}
            manager={manager}
            saved={saved}
            online={online}
          />
        ) : null}
      </div>
      {onDevice ? (
        <div className="player-controls">
          <SpeedSelect id={`speed-${video._id}`} rate={speed} onChange={rememberSpeed} />
          {captions.length > 0 ? (
            <>
              <CaptionsSelect
                id={`captions-${video._id}`}
                tracks={captions}
                chosen={shownCaptions}
                onChoose={rememberCaptions}
              />
              <button
                type="button"
                className="player-toggle"
                aria-expanded={transcriptOpen}
                aria-controls={`transcript-${video._id}`}
                onClick={() => setTranscriptOpen(!transcriptOpen)}
              >
                {t('player.transcript')}
              </button>
            </>
          ) : null}
          {canListen ? <ListenToggle on={listening} onChange={listen} /> : null}
        </div>
      ) : null}
      {onDevice && transcriptOpen && transcriptTrack ? (
        <TranscriptPanel
          // Another video or language: a search of the last one's lines starts afresh.
          key={transcriptTrack._id}
          id={`transcript-${video._id}`}
          media={media}
          track={transcriptTrack}
          onSeek={seekTo}
        />
      ) : null}
      <Practice key={video._id} video={video} saved={saved?.state === 'saved'} />
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
        {plural('player.views', video.views)} · {formatDuration(video.duration)}
      </p>
      {video.description ? <p className="player-description">{video.description}</p> : null}
      {onDevice ? (
        <Chapters id={`chapters-${video._id}`} chapters={chapters} media={media} onSeek={seekTo} />
      ) : null}
      <LikeButton target="v" targetId={video._id} about={video.title} />
      {children}
    </article>
  );
}
