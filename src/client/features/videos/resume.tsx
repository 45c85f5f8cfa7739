import { useEffect, useEffectEvent, useMemo, useRef, useState, type RefObject } from 'react';
import { isNearEnd } from '../../../shared/near-end.ts';
import type { ActionOf } from '../../../shared/outbox/model.ts';
import { useServerProgress } from '../../api/progress.ts';
import { t } from '../../i18n/i18n.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { keepPlace, latestPlace, readPlace, startPosition, type Place } from './resume-place.ts';

/** How often a playing video's place is kept on the device, and sent through the outbox. */
export const KEEP_EVERY_MS = 5_000;
// Sent less often than kept: each send is a request when online, and only the last place
// matters; pausing, leaving the page and the end send at once.
export const SEND_EVERY_MS = 30_000;

export interface ResumeOptions {
  video: { _id: string; title: string; duration: number };
  /** The media element on show: the `<video>`, or the `<audio>` while listening. */
  element: RefObject<HTMLMediaElement | null>;
  /** The signed-in student; undefined when signed out (places then stay on the device). */
  owner: string | undefined;
  online: boolean;
  /** Queues a place for the server (the outbox's `progress` kind). */
  enqueue(action: ActionOf<'progress'>): void;
  now?: () => number;
}

/** Moves the player (the element is the page's, not this hook's state). */
function seek(el: HTMLMediaElement, time: number): void {
  el.currentTime = time;
}

interface Snapshot {
  videoId: string;
  title: string;
  duration: number;
  owner: string | undefined;
  position: number;
  playing: boolean;
  ended: boolean;
}

export interface Resume {
  /** Where the video starts (or started) in this view, when not at 0 and known: the notice says it. */
  resumeAt: number;
  startOver(): void;
  /**
   * Moves to `time` (a chapter, a line of the transcript): where it starts is then settled, so
   * neither the first load nor the server's answer moves it back to the place remembered.
   */
  seekTo(time: number): void;
  /** The `<video>`'s events, for the player to pass on. */
  onLoadedMetadata(): void;
  onPlay(): void;
  onPause(): void;
  onTimeUpdate(): void;
  onEnded(): void;
}

/**
 * Resume (docs/product-additions.md): the player starts where the student stopped, on this device
 * or, online and signed in, any other (the later place wins), unless the video was finished.
 * While it plays, the place is kept on the device every few seconds, on pause and as the page is
 * hidden or left, and sent to the server through the outbox when someone is signed in.
 */
export function useResume({ video, element, owner, online, enqueue, now = Date.now }: ResumeOptions): Resume {
  const videoId = video._id;
  const { progress: server, waiting } = useServerProgress(videoId, owner !== undefined && online);
  // The device's place as the video opened: what this view saves later is no reason to move.
  const device = useMemo(() => readPlace(owner, videoId), [owner, videoId]);
  const start = startPosition(latestPlace(device, server), video.duration);
  // Once the video has loaded (or Start over was pressed), where it started is settled.
  const [settled, setSettled] = useState<{ videoId: string; position: number }>();
  const here = settled?.videoId === videoId ? settled : undefined;
  // Said once the server has answered, so that a later place from another device does not
  // replace the words a moment after they were shown.
  const resumeAt = here ? here.position : waiting ? 0 : start;

  const played = useRef<string | undefined>(undefined);
  const last = useRef({ kept: 0, sent: 0 });
  // The place as last seen, with what saving it needs: when the player goes (another video,
  // another screen), the element is gone before this hook hears of it.
  const seen = useRef<Snapshot | undefined>(undefined);

  const look = (): Snapshot | undefined => {
    const el = element.current;
    if (!el || played.current !== videoId) return undefined;
    seen.current = {
      videoId,
      title: video.title,
      // The server's length, or the file's own while the server has not measured it yet.
      duration: video.duration > 0 ? video.duration : Number.isFinite(el.duration) ? el.duration : 0,
      owner,
      position: el.currentTime,
      playing: !el.paused,
      ended: el.ended,
    };
    return seen.current;
  };

  const keep = (s: Snapshot, send: boolean) => {
    if (!(s.duration > 0)) return;
    const position = Math.max(0, Math.min(Math.round(s.position * 10) / 10, s.duration));
    const place: Place = {
      position,
      completed: s.ended || isNearEnd(position, s.duration),
      at: new Date(now()).toISOString(),
    };
    keepPlace(s.owner, s.videoId, place);
    last.current.kept = now();
    if (send && s.owner !== undefined) {
      last.current.sent = now();
      enqueue({ kind: 'progress', videoId: s.videoId, ...place, about: s.title });
    }
  };

  const leaving = useEffectEvent(() => {
    const s = look() ?? seen.current;
    if (!s?.playing) return;
    keep(s, true);
    s.playing = false; // said once: pagehide after visibilitychange, or the unmount after both
  });
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') leaving();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', leaving);
      // Another video, or another screen, while this one plays.
      leaving();
    };
  }, [videoId]);

  // Where it starts is settled once the video has loaded and, signed in and online, the server
  // has said where the student was on their other devices (whichever comes last): a saved lesson
  // loads before the answer, and the later place from another phone must still win.
  const settle = (loaded: boolean) => {
    if (here || waiting) return; // a change of quality reloads it: the player keeps its own place then
    const el = element.current;
    if (!el || !(loaded || el.readyState >= 1)) return;
    if (start > 0) seek(el, start);
    setSettled({ videoId, position: start });
  };
  const settleWhenAnswered = useEffectEvent(() => settle(false));
  useEffect(() => {
    // The answer came after the video loaded: the element (outside React) is moved now, and the
    // notice says where it went; there is no event of the element's to do this from.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!waiting) settleWhenAnswered();
  }, [waiting, videoId]);

  const saveNow = () => {
    const s = look();
    if (s) keep(s, true);
  };

  return {
    resumeAt,
    startOver() {
      const el = element.current;
      if (el) {
        seek(el, 0);
        // The notice and its button go: the keyboard stays on the player, not on the page.
        el.focus();
      }
      // Kept at once, so that leaving before the next save does not bring the old place back.
      keepPlace(owner, videoId, { position: 0, completed: false, at: new Date(now()).toISOString() });
      setSettled({ videoId, position: 0 });
    },
    seekTo(time) {
      const el = element.current;
      // Before the first load (nothing is fetched before play) the element keeps the time and
      // starts there.
      if (el) seek(el, time);
      if (here?.position !== 0) setSettled({ videoId, position: 0 });
    },
    onLoadedMetadata: () => settle(true),
    onPlay() {
      if (played.current !== videoId) last.current = { kept: now(), sent: now() };
      played.current = videoId;
    },
    onPause: saveNow,
    onEnded: saveNow,
    onTimeUpdate() {
      const s = look();
      if (!s?.playing) return;
      // Watched on well past it, or moved away from it: the notice has said what it had to.
      if (here && here.position > 0 && Math.abs(s.position - here.position) > 30) {
        setSettled({ videoId, position: 0 });
      }
      const at = now();
      if (at - last.current.kept >= KEEP_EVERY_MS) keep(s, at - last.current.sent >= SEND_EVERY_MS);
    },
  };
}

/** "Resuming at 3:17", with Start over. */
export function ResumeNotice({ resume }: { resume: Pick<Resume, 'resumeAt' | 'startOver'> }) {
  if (resume.resumeAt <= 0) return null;
  return (
    <p className="player-resume" role="status">
      <span>{t('player.resumingAt', { time: formatDuration(Math.floor(resume.resumeAt)) })}</span>{' '}
      <button type="button" className="player-start-over" onClick={resume.startOver}>
        {t('player.startOver')}
      </button>
    </p>
  );
}
