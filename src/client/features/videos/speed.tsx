import { useEffect } from 'react';
import { formatNumber, t } from '../../i18n/i18n.ts';
import { SPEEDS } from '../../lib/player-choices.ts';

/** "Speed": 0.75× to 2×, for the player's row of controls. */
export function SpeedSelect({
  id,
  rate,
  onChange,
}: {
  id: string;
  rate: number;
  onChange: (rate: number) => void;
}) {
  return (
    <span className="player-control">
      <label htmlFor={id}>{t('player.speed')}</label>
      <select id={id} value={String(rate)} onChange={(event) => onChange(Number(event.target.value))}>
        {SPEEDS.map((speed) => (
          <option key={speed} value={String(speed)}>
            {`${formatNumber(speed)}×`}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * Plays `media` at `rate`. The default rate is set too: loading a new source (another quality)
 * puts the rate back to the default, which would otherwise be 1×.
 */
export function applySpeed(media: HTMLMediaElement | null, rate: number): void {
  if (!media) return;
  media.defaultPlaybackRate = rate;
  media.playbackRate = rate;
}

/** Keeps the element on show (video or audio) at the chosen speed, as it appears and as the choice changes. */
export function useSpeedOn(media: HTMLMediaElement | null, rate: number): void {
  useEffect(() => applySpeed(media, rate), [media, rate]);
}
