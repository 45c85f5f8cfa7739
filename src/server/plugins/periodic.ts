import type { FastifyInstance } from 'fastify';

export interface PeriodicTask {
  /** Named in the log when a run fails. */
  name: string;
  everyMs: number;
  /** Also run once when the server is ready (in the background: readiness does not wait for it). */
  atReady?: boolean;
  /**
   * Also run once as soon as the server listens (in the background): for work on old rows, which
   * must compete with neither the start nor the plugin timeout.
   */
  atListen?: boolean;
  run(): Promise<unknown>;
}

/**
 * Runs housekeeping every `everyMs`, never two runs of one task at once; a failed run is logged
 * and the next one tries again. Closing the server stops the timer and waits for a run in flight.
 */
export function schedulePeriodic(app: FastifyInstance, task: PeriodicTask): void {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = task
      .run()
      .catch((err: unknown) => app.log.warn({ err }, `${task.name} failed; it runs again later`))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, task.everyMs);
  timer.unref();
  if (task.atReady) app.addHook('onReady', async () => tick());
  if (task.atListen) app.addHook('onListen', async () => tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
