import { useEffect, useEffectEvent, type RefObject } from 'react';
import { t } from '../../i18n/i18n.ts';

/** The lessons either side of this one in its course, for the lock screen's previous and next. */
export interface LessonSteps {
  previous?: (() => void) | undefined;
  next?: (() => void) | undefined;
}

/** How far the lock screen's skip buttons move, when the browser does not say. */
export const SKIP_SECONDS = 10;

/** "Listen": the Audio only copy under the thumbnail instead of the picture; pressed while on. */
export function ListenToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <button type="button" className="player-toggle" aria-pressed={on} onClick={() => onChange(!on)}>
      {t('player.listen')}
    </button>
  );
}

/** Moves the player (the element is the page's, not the hook's state). */
function seek(el: HTMLMediaElement, by: number): void {
  const end = Number.isFinite(el.duration) ? el.duration : Infinity;
  el.currentTime = Math.min(end, Math.max(0, el.currentTime + by));
}

type Handlers = Partial<Record<MediaSessionAction, MediaSessionActionHandler | null>>;

function setHandlers(session: MediaSession, handlers: Handlers): void {
  for (const [action, handler] of Object.entries(handlers)) {
    try {
      session.setActionHandler(action as MediaSessionAction, handler);
    } catch {
      // An action this browser does not know (older ones lack the skips): the rest still work.
    }
  }
}

/**
 * What the phone's lock screen and notification show while the video plays or is listened to
 * (the Media Session API): its title, channel and thumbnail; play and pause; skip back and
 * forward 10 s; and, in a course, the previous and next lesson. `element` is whichever of the
 * video or audio is on show when a button is pressed.
 */
export function useMediaSession({
  element,
  title,
  artist,
  artwork,
  lessons,
}: {
  element: RefObject<HTMLMediaElement | null>;
  title: string;
  artist: string;
  artwork: string;
  lessons: LessonSteps | undefined;
}): void {
  const hasPrevious = lessons?.previous !== undefined;
  const hasNext = lessons?.next !== undefined;
  const act = useEffectEvent((action: MediaSessionAction, details: MediaSessionActionDetails) => {
    const el = element.current;
    if (action === 'previoustrack') return lessons?.previous?.();
    if (action === 'nexttrack') return lessons?.next?.();
    if (!el) return;
    const skip = details.seekOffset ?? SKIP_SECONDS;
    if (action === 'play') void el.play().catch(() => undefined);
    else if (action === 'pause') el.pause();
    else if (action === 'seekbackward') seek(el, -skip);
    else if (action === 'seekforward') seek(el, skip);
  });

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    if (typeof MediaMetadata !== 'undefined') {
      session.metadata = new MediaMetadata({ title, artist, artwork: artwork ? [{ src: artwork }] : [] });
    }
    const handle =
      (action: MediaSessionAction): MediaSessionActionHandler =>
      (details) =>
        act(action, details);
    setHandlers(session, {
      play: handle('play'),
      pause: handle('pause'),
      seekbackward: handle('seekbackward'),
      seekforward: handle('seekforward'),
      // Offered only in a course: outside one, the lock screen shows no step that does nothing.
      previoustrack: hasPrevious ? handle('previoustrack') : null,
      nexttrack: hasNext ? handle('nexttrack') : null,
    });
    return () => {
      session.metadata = null;
      setHandlers(session, {
        play: null,
        pause: null,
        seekbackward: null,
        seekforward: null,
        previoustrack: null,
        nexttrack: null,
      });
    };
  }, [title, artist, artwork, hasPrevious, hasNext]);
}
