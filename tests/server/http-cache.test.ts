import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn, uploadVideo, type SignedIn } from '../helpers/http.ts';
import { createSecondInstance, createTestServer, type TestServer } from '../helpers/server.ts';

// docs/api.md, "Caching": ETag and 304 on API reads, the same ETag from every instance, and no
// personal answer a shared cache may keep.

describe('HTTP caching of API reads', () => {
  let server: TestServer;
  let other: Awaited<ReturnType<typeof createSecondInstance>>;
  let ana: SignedIn;
  beforeAll(async () => {
    server = await createTestServer('sqlite', { env: { INSTANCE_ID: 'a' } });
    other = await createSecondInstance(server, { INSTANCE_ID: 'b' });
    ana = await registerAndSignIn(server.app, 'ana');
    expect((await uploadVideo(server.app, ana)).statusCode).toBe(201);
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  const list = (app = server.app, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/api/v1/videos?page=1&limit=10', headers });

  it('answers a revalidation with a bodiless 304 and the same ETag', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await list(server.app, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['x-instance']).toBe('a');
    // A gzipping proxy weakens the ETag; the browser sends it back weak, and it still matches.
    expect((await list(server.app, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await list(server.app, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('gives the same ETag from every instance, and a new one when the list changes', async () => {
    const fromA = await list();
    const fromB = await list(other.app);
    expect(fromB.headers['x-instance']).toBe('b');
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    expect((await list(other.app, { 'if-none-match': fromA.headers.etag as string })).statusCode).toBe(304);

    expect((await uploadVideo(other.app, ana, { title: 'Another one' })).statusCode).toBe(201);
    const changed = await list(server.app, { 'if-none-match': fromA.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(fromA.headers.etag);
  });

  it('never lets a shared cache keep an answer that may be personal', async () => {
    const anonymous = await list();
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.headers.vary).toMatch(/Authorization/);
    expect(anonymous.headers.vary).toMatch(/Cookie/);

    const signedIn = await list(server.app, bearer(ana));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const withCookie = await list(server.app, { cookie: `accessToken=${ana.accessToken}` });
    expect(withCookie.headers['cache-control']).toBe('private, no-cache');
    // A token that no longer checks out still came from someone's browser.
    const stale = await list(server.app, { authorization: 'Bearer not-a-token' });
    expect(stale.headers['cache-control']).toBe('private, no-cache');

    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: bearer(ana),
    });
    expect(me.headers['cache-control']).toMatch(/^private/);
    expect(me.headers.etag).toBeDefined();

    const missing = await server.app.inject({ method: 'GET', url: '/api/v1/videos/no-such-video' });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();

    const write = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: 'Asha', email: 'asha@school.example', message: 'Hello' },
    });
    expect(write.statusCode).toBe(201);
    expect(write.headers['cache-control']).toBe('no-store');
    expect(write.headers.etag).toBeUndefined();

    const health = await server.app.inject({ method: 'GET', url: '/api/v1/healthcheck' });
    expect(health.headers['cache-control']).toBe('no-store');
  });
});
