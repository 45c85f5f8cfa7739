import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { t } from '../../i18n/i18n.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { LINES_AT_ONCE } from './transcript-window.ts';
import { trackElement, type CaptionTrack } from './player-captions.tsx';
import { useMediaTime } from './use-media-time.ts';

/** One line of a transcript: a caption cue as plain text. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}
export type Cues = Cue[] | 'loading' | 'failed';

/*
 * The cues are read through the browser's TextTrack API from the `<track>` the player already has
 * for its captions, not fetched and parsed here: the browser's WebVTT parser is the one that draws
 * the captions, so the transcript says exactly what they show; it costs no parser in the bundle;
 * and the file comes by the same request as the captions (the same cache, and the service
 * worker's saved copy offline). A track the transcript reads is set to `hidden` (loaded, not
 * drawn) while captions are Off. What was read is kept by URL for the page's life, so switching
 * between watching and listening (another element, with its own `<track>`s) reads nothing again.
 */
const read = new Map<string, Cues>();
const listeners = new Set<() => void>();
function put(url: string, cues: Cues): void {
  read.set(url, cues);
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A cue's words as text. `getCueAsHTML` parses the cue's own markup (voices, italics, entities)
 * into inert nodes whose text is taken; nothing of the file is ever put into the page as HTML.
 */
function cueText(cue: TextTrackCue): string {
  const text =
    'getCueAsHTML' in cue
      ? ((cue as VTTCue).getCueAsHTML().textContent ?? '')
      : String((cue as Partial<VTTCue>).text ?? '').replace(/<[^>]*>/g, '');
  return text.replace(/\s+/g, ' ').trim();
}

export function cuesOf(list: TextTrackCueList): Cue[] {
  return Array.from(list, (cue) => ({ start: cue.startTime, end: cue.endTime, text: cueText(cue) })).filter(
    (cue) => cue.text !== '',
  );
}

/** The cues of `track` as the media element on show loads them; `loading` until then. */
export function useTranscriptCues(media: HTMLMediaElement | null, track: CaptionTrack | undefined): Cues {
  const url = track?.url;
  const cues = useSyncExternalStore(
    subscribe,
    () => (url ? read.get(url) : undefined) ?? 'loading',
    () => 'loading' as const,
  );
  useEffect(() => {
    if (!media || !track || Array.isArray(read.get(track.url))) return;
    const element = trackElement(media, track);
    const text = element?.track;
    if (!element || !text) return; // a DOM without text tracks (jsdom): the lines never come
    // Disabled, a track is neither loaded nor has cues; the player sets the same mode.
    if (text.mode === 'disabled') text.mode = 'hidden';
    const take = () => {
      if (text.cues) put(track.url, cuesOf(text.cues));
    };
    const fail = () => put(track.url, 'failed');
    if (element.readyState === element.LOADED) take();
    else if (element.readyState === element.ERROR) fail();
    element.addEventListener('load', take);
    element.addEventListener('error', fail);
    return () => {
      element.removeEventListener('load', take);
      element.removeEventListener('error', fail);
    };
  }, [media, track]);
  return cues;
}

/** The last cue begun by `time` (cues come in order of their start); -1 before the first. */
function lastStarted(cues: Cue[], time: number): number {
  let low = 0;
  let high = cues.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (cues[middle]!.start <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Compared without case, and with Hindi's letters in one form (a nukta written either way). */
const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase();

/**
 * "Transcript": the lines with their times, the one being spoken marked, "Search in transcript"
 * keeping the lines that contain the words; choosing a line seeks there.
 */
export function Transcript({
  id,
  language,
  cues,
  time,
  onSeek,
}: {
  id: string;
  /** The cues' language, so that a screen reader says them in it. */
  language: string | undefined;
  cues: Cues;
  time: number;
  onSeek: (time: number) => void;
}) {
  const [query, setQuery] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const lines = useMemo(() => (Array.isArray(cues) ? cues : []), [cues]);
  // Folded once per transcript, not once per line at every keystroke: an hour has 1,200 lines.
  const folded = useMemo(() => lines.map((cue) => fold(cue.text)), [lines]);
  // The last line begun, and it is the one spoken unless it has ended (a pause between lines):
  // one search in the ordered lines at each time update, not a scan of all of them.
  const reached = lastStarted(lines, time);
  const spoken = reached >= 0 && time < lines[reached]!.end ? reached : -1;
  // The box shows each letter at once; the lines follow as soon as the phone can draw them, and
  // a letter typed meanwhile replaces the list still being drawn (bench/captions.ts measures both).
  const wanted = fold(useDeferredValue(query).trim());
  const shown = useMemo(() => {
    const all = lines.map((cue, at) => ({ cue, at }));
    return wanted ? all.filter(({ at }) => folded[at]!.includes(wanted)) : all;
  }, [lines, folded, wanted]);
  // Lines are drawn LINES_AT_ONCE at a time, more as the student scrolls near the end of the box
  // (or presses "Show more lines"): mounting an hour's 1,200 lines at each letter typed is what
  // made a search slow on a phone (bench/captions.ts). A new search starts again from the first
  // lines; while the video plays, the lines down to the last one begun are drawn, so the spoken
  // one can be shown, and a pause between two cues does not take the lines away and back.
  const [grown, setGrown] = useState({ wanted: '', count: LINES_AT_ONCE });
  const asked = grown.wanted === wanted ? grown.count : LINES_AT_ONCE;
  const toSpoken = !wanted && reached >= 0 ? (Math.floor(reached / LINES_AT_ONCE) + 1) * LINES_AT_ONCE : 0;
  const drawn = Math.min(shown.length, Math.max(asked, toSpoken));
  const more = useRef<HTMLButtonElement>(null);
  const showMore = useCallback(() => setGrown({ wanted, count: drawn + LINES_AT_ONCE }), [wanted, drawn]);
  // Pressed (not scrolled to), "Show more lines" hands the focus to the first line it brought, so
  // the keyboard goes on from there instead of staying on a button pushed far down.
  const focusLine = useRef<number | null>(null);
  const pressMore = () => {
    focusLine.current = drawn;
    showMore();
  };
  useEffect(() => {
    const at = focusLine.current;
    if (at === null) return;
    focusLine.current = null;
    list.current?.querySelectorAll<HTMLButtonElement>('.transcript-line')[at]?.focus();
  }, [drawn]);
  useEffect(() => {
    const button = more.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      { root: list.current, rootMargin: '0px 0px 200px 0px' },
    );
    seen.observe(button);
    return () => seen.disconnect();
  }, [showMore]);

  // Drawn again only when the spoken line changes, not at each of the element's time updates.
  const items = useMemo(
    () =>
      shown.slice(0, drawn).map(({ cue, at }) => (
        <li key={at}>
          <button
            type="button"
            className="transcript-line"
            aria-current={at === spoken ? 'true' : undefined}
            onClick={() => onSeek(cue.start)}
          >
            <span className="transcript-time">{formatDuration(Math.floor(cue.start))}</span>
            <span>{cue.text}</span>
          </button>
        </li>
      )),
    [shown, drawn, spoken, onSeek],
  );

  // The spoken line stays in sight in the list as the video plays, unless the student is
  // searching or moving through the lines themselves.
  useEffect(() => {
    const box = list.current;
    if (!box || wanted || box.contains(document.activeElement)) return;
    const line = box.querySelector<HTMLElement>('[aria-current]');
    if (!line) return;
    const top = line.offsetTop;
    if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }, [spoken, wanted]);

  return (
    <div id={id} className="transcript" role="region" aria-label={t('player.transcript')}>
      <label className="visually-hidden" htmlFor={`${id}-search`}>
        {t('player.transcriptSearch')}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="transcript-search"
        placeholder={t('player.transcriptSearch')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        disabled={!Array.isArray(cues)}
      />
      {cues === 'loading' ? (
        <p className="transcript-note" role="status">
          {t('player.transcriptLoading')}
        </p>
      ) : cues === 'failed' ? (
        <p className="transcript-note" role="status">
          {t('player.transcriptFailed')}
        </p>
      ) : shown.length === 0 ? (
        <p className="transcript-note" role="status">
          {t('player.transcriptNoMatch')}
        </p>
      ) : (
        <ol ref={list} className="transcript-lines" lang={language}>
          {items}
          {drawn < shown.length ? (
            <li>
              <button ref={more} type="button" className="transcript-more" onClick={pressMore}>
                {t('player.transcriptMore', { n: shown.length - drawn })}
              </button>
            </li>
          ) : null}
        </ol>
      )}
    </div>
  );
}

/** The transcript of `track`, read from the element on show and following where it plays. */
export function TranscriptPanel({
  id,
  media,
  track,
  onSeek,
}: {
  id: string;
  media: HTMLMediaElement | null;
  track: CaptionTrack;
  onSeek: (time: number) => void;
}) {
  const cues = useTranscriptCues(media, track);
  const time = useMediaTime(media);
  return <Transcript id={id} language={track.language} cues={cues} time={time} onSeek={onSeek} />;
}
