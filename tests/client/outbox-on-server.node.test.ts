import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/client/lib/api-client.ts';

// The server renders some screens from their first reads in Node (app/render-screen.tsx). A
// screen that reaches the outbox there must fail as a render (the server then leaves the screen
// to the browser) and never start it: started, it opened IndexedDB, which Node does not have,
// and the rejection nobody awaited ended the server in the middle of a student's visit.
describe('the outbox where there is no device', () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  afterEach(() => {
    rejections.length = 0;
  });

  it('refuses to be made, and leaves nothing running that could fail later', async () => {
    // Node 21 and later have a navigator of their own; 20 has none, and the settings read it as they load.
    if (typeof navigator === 'undefined') vi.stubGlobal('navigator', { onLine: true });
    const { outboxFor } = await import('../../src/client/device/outbox/outbox-react.tsx');
    const api = { send: () => Promise.reject(new Error('no network here')) } as unknown as ApiClient;
    expect(() => outboxFor(api)).toThrow(/not rendered on the server/);
    // Anything it had started would fail within a few turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rejections).toEqual([]);
    process.off('unhandledRejection', onRejection);
    vi.unstubAllGlobals();
  });
});
