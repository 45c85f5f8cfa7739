import { useEffect } from 'react';
import type { Caption } from '../../../shared/contracts/captions.ts';
import { locale, t } from '../../i18n/i18n.ts';
import { CAPTIONS_OFF } from '../../lib/player-choices.ts';

/** One caption track of a video, as its answer carries it (docs/api.md, "Captions"). */
export type CaptionTrack = Caption;

/** The name a track is listed under: the owner's label, else its language in the language on show. */
export function captionLabel(track: CaptionTrack): string {
  if (track.label) return track.label;
  try {
    return new Intl.DisplayNames([locale()], { type: 'language' }).of(track.language) ?? track.language;
  } catch {
    return track.language;
  }
}

/**
 * The video's caption tracks as the media element's own `<track>`s: the browser draws the chosen
 * one over the picture, with its own caption settings and accessibility, and reads the cues the
 * transcript lists. The files are on this origin (docs/api.md: `url` serves `text/vtt` like
 * other media), so the element needs no `crossorigin`: a track from another origin would.
 */
export function CaptionTracks({ tracks }: { tracks: readonly CaptionTrack[] }) {
  return tracks.map((track) => (
    <track
      key={track._id}
      kind="subtitles"
      srcLang={track.language}
      label={captionLabel(track)}
      src={track.url}
      data-caption-id={track._id}
    />
  ));
}

/** The `<track>` element of `track` in `media`, if it is there. */
export function trackElement(media: HTMLMediaElement, track: CaptionTrack): HTMLTrackElement | undefined {
  return Array.from(media.querySelectorAll('track')).find((el) => el.dataset.captionId === track._id);
}

/**
 * Sets each track's mode: the chosen one `showing` on a video (on an audio element nothing is
 * drawn: `hidden`), the one the transcript reads `hidden` (loaded, not drawn), the rest
 * `disabled`, which the browser does not even download. Run again when the source changes,
 * since a new source is a new load of the element.
 *
 * The browser changes modes too. Chromium turned a second track on by itself as the saved
 * lesson's page loaded offline, drawing two languages at once: a track turned on beside the
 * chosen one is turned off again. The captions menu of the browser's own controls sets one track
 * (or none) showing: that is the student's choice, and `onChoose` makes it the player's.
 */
export function useTrackModes(
  media: HTMLMediaElement | null,
  tracks: readonly CaptionTrack[],
  {
    showing,
    reading,
    source,
    onChoose,
  }: {
    showing: string | undefined;
    reading: string | undefined;
    source: string | undefined;
    onChoose: (language: string) => void;
  },
): void {
  useEffect(() => {
    if (!media) return;
    const draws = media instanceof HTMLVideoElement;
    const wanted = (track: CaptionTrack): TextTrackMode =>
      track._id === showing ? (draws ? 'showing' : 'hidden') : track._id === reading ? 'hidden' : 'disabled';
    const apply = () => {
      for (const track of tracks) {
        const text = trackElement(media, track)?.track;
        if (text && text.mode !== wanted(track)) text.mode = wanted(track);
      }
    };
    const changed = () => {
      const drawn = tracks.filter((track) => trackElement(media, track)?.track?.mode === 'showing');
      const chosen = drawn.length === 1 ? drawn[0] : undefined;
      if (draws && chosen && chosen._id !== showing) onChoose(chosen.language);
      else if (draws && drawn.length === 0 && showing !== undefined) onChoose(CAPTIONS_OFF);
      else apply();
    };
    apply();
    // jsdom's media elements have a track list that is no event target.
    const list = media.textTracks as Partial<TextTrackList> | undefined;
    if (typeof list?.addEventListener !== 'function') return;
    list.addEventListener('change', changed);
    return () => list.removeEventListener?.('change', changed);
  }, [media, tracks, showing, reading, source, onChoose]);
}

/** "Captions": Off, and each of the video's tracks. */
export function CaptionsSelect({
  id,
  tracks,
  chosen,
  onChoose,
}: {
  id: string;
  tracks: readonly CaptionTrack[];
  chosen: CaptionTrack | undefined;
  /** A language (BCP 47), or `off`. */
  onChoose: (language: string) => void;
}) {
  return (
    <span className="player-control">
      <label htmlFor={id}>{t('player.captions')}</label>
      <select
        id={id}
        value={chosen?.language ?? CAPTIONS_OFF}
        onChange={(event) => onChoose(event.target.value)}
      >
        <option value={CAPTIONS_OFF}>{t('player.captionsOff')}</option>
        {tracks.map((track) => (
          <option key={track._id} value={track.language}>
            {captionLabel(track)}
          </option>
        ))}
      </select>
    </span>
  );
}
