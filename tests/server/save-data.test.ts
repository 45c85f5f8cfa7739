import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, bearer, registerAndSignIn, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

// The server honours `Save-Data: on` for images, with `Vary: Save-Data`.
describe('images for a student saving data', () => {
  let server: TestServer;
  let ana: SignedIn;
  beforeEach(async () => {
    server = await createTestServer('sqlite');
    ana = await registerAndSignIn(server.app, 'ana');
  });
  afterEach(async () => {
    await server.close();
  });

  it('answers Save-Data: on with a smaller copy, and both answers vary by it', async () => {
    const me = json(
      await server.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(ana) }),
    ) as { data: { avatar: string } };
    const url = new URL(me.data.avatar, 'http://local').pathname;
    const full = await server.app.inject({ method: 'GET', url });
    const small = await server.app.inject({ method: 'GET', url, headers: { 'save-data': 'on' } });
    expect(full.statusCode).toBe(200);
    expect(small.statusCode).toBe(200);
    expect(full.headers.vary).toContain('Save-Data');
    expect(small.headers.vary).toContain('Save-Data');
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.rawPayload.length).toBeLessThan(full.rawPayload.length);
    // A name outside the images, or a hidden one, is not shrunk: the usual answer (404 here).
    const hidden = await server.app.inject({
      method: 'GET',
      url: '/media/images/.tmp/x.webp',
      headers: { 'save-data': 'on' },
    });
    expect(hidden.statusCode).toBe(404);
  });
});
