import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { MediaLibrary } from './media-library.ts';

/**
 * Runs the media sweep (media-library.ts, rule 4) every `mediaSweepIntervalMinutes`, sparing
 * files younger than `mediaSweepGraceSeconds`. The sweep at start is main.ts's, before listening.
 */
export function scheduleMediaSweep(
  app: FastifyInstance,
  media: MediaLibrary,
  config: Pick<Config, 'mediaSweepGraceSeconds' | 'mediaSweepIntervalMinutes'>,
): void {
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    if (running) return;
    running = media
      .sweep(config.mediaSweepGraceSeconds * 1000)
      .catch((err: unknown) => app.log.warn({ err }, 'media sweep failed; it runs again later'))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(sweep, config.mediaSweepIntervalMinutes * 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
