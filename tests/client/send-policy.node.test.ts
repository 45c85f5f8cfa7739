import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/client/device/outbox/outbox.ts';
import { OutboxDatabase } from '../../src/client/device/outbox/outbox-db.ts';
import { canTellWifi, holdsBack } from '../../src/shared/network-policy.ts';
import { registerAndSignIn, uploadVideo, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

// "Send waiting actions" (docs/offline.md, "Only on Wi-Fi"): one rule, and a drain that holds
// entries back under it without sending, changing or dropping any; "Send now" sets it aside.
describe('the send policy', () => {
  it('holds back only "Only on Wi-Fi" on a connection the browser calls mobile data', () => {
    expect(holdsBack('wifi-only', 'cellular')).toBe(true);
    for (const type of ['wifi', 'ethernet', 'unknown', 'none', undefined]) {
      expect(holdsBack('wifi-only', type), String(type)).toBe(false);
    }
    expect(holdsBack('any', 'cellular')).toBe(false);
    expect(canTellWifi(undefined)).toBe(false);
    expect(canTellWifi('unknown')).toBe(false);
    expect(canTellWifi('cellular')).toBe(true);
  });
});

describe('the outbox under Only on Wi-Fi', () => {
  let server: TestServer;
  let baseUrl: string;
  let ana: SignedIn;
  let videoId: string;
  let db: OutboxDatabase;
  let outbox: Outbox;
  let mobileData: boolean;
  let requests: number;

  beforeEach(async () => {
    server = await createTestServer('sqlite');
    baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
    ana = await registerAndSignIn(server.app, 'ana');
    videoId = (await uploadVideo(server.app, ana)).json().data._id;
    db = new OutboxDatabase(`outbox-policy-${randomUUID()}`);
    mobileData = true;
    requests = 0;
    outbox = new Outbox({
      db,
      baseUrl,
      fetch: (input, init) => {
        requests += 1;
        return fetch(input, init);
      },
      headers: () => ({ authorization: `Bearer ${ana.accessToken}` }),
      refresh: async () => false,
      holdBack: () => holdsBack('wifi-only', mobileData ? 'cellular' : 'wifi'),
    });
  });
  afterEach(async () => {
    await outbox.dispose();
    db.close();
    await server.close();
  });

  it('keeps a like waiting untouched on mobile data, and sends it on Wi-Fi', async () => {
    await outbox.enqueue({ kind: 'like', target: 'v', targetId: videoId, liked: true });
    await outbox.idle();
    const held = await outbox.drainSoon(true);
    await outbox.idle();
    expect(held.stoppedBy).toBe('wifi-only');
    expect(requests).toBe(0);
    const [entry] = await db.entries.toArray();
    expect(entry).toMatchObject({ state: 'pending', attempts: 0 });

    mobileData = false;
    await outbox.drainSoon(true);
    await outbox.idle();
    expect(await db.entries.count()).toBe(0);
    expect(requests).toBe(1);
  });

  it('sends at once with Send now, on mobile data too', async () => {
    await outbox.enqueue({ kind: 'like', target: 'v', targetId: videoId, liked: true });
    await outbox.idle();
    expect(await db.entries.count()).toBe(1);
    const report = await outbox.sendNow();
    await outbox.idle();
    expect(report.delivered).toBe(1);
    expect(await db.entries.count()).toBe(0);
  });
});
