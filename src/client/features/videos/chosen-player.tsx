import { useEffect } from 'react';
import { onDemand } from '../../components/on-demand.tsx';
import { partStates } from '../../components/on-demand-states.tsx';
import { t } from '../../i18n/i18n.ts';
import { whenIdle } from '../../lib/idle.ts';
// The player's styles come with the list: a retried file would not bring them again (Vite keeps
// a stylesheet that failed as asked for), and the player would show unstyled.
import './player-controls.css';

// The lists (/dashbord, /videos, /getvideos) show a player only once a video is chosen, so its
// code (about 9 KB gzip, with captions, chapters, practice and listen) is not among what those
// screens load before their first paint: it comes once the list is on screen and the browser is
// idle, and has almost always arrived by the time a video is tapped.
const player = onDemand(
  () => import('./video-player.tsx').then((module) => module.VideoPlayer),
  partStates({ loading: () => t('player.loading'), what: () => t('player.what') }),
);

/** The player of the chosen video: at once when its code is here, else once it arrives. */
export const ChosenPlayer = player.Part;

/**
 * Asks for the player's code when the browser is next idle, once `ready` (the list has videos
 * to choose from). A failure is left for the player to show, when a video is chosen.
 */
export function usePlayerSoon(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    return whenIdle(() => void player.preload().catch(() => undefined), 3000);
  }, [ready]);
}
