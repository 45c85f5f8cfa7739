import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, writeClientBuild, type TestServer } from '../helpers/server.ts';

describe('the built app as the server serves it', () => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = writeClientBuild(fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-client-')));
    server = await createTestServer('sqlite', { clientDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('answers / and every screen of the spec with the app, never cached', async () => {
    for (const url of [
      '/',
      '/getvideos',
      '/getvideos/',
      '/dashbord?x=1',
      '/updatevideo/abc123',
      '/userprofile1/ana',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers an unknown screen with the app and a 404 status', async () => {
    const res = await get('/no-such-screen');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and revalidates the service worker and manifest', async () => {
    const asset = await get('/assets/index-AbCd1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const icon = await get('/icons/icon-192.png');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends a page its security policy, and a built script only the headers a subresource uses', async () => {
    const page = await get('/dashbord');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const script = await get('/assets/index-AbCd1234.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const pageOnly of ['content-security-policy', 'x-frame-options', 'strict-transport-security']) {
      expect(script.headers[pageOnly], pageOnly).toBeUndefined();
    }
    // The service worker's script runs under the policy sent with it: it keeps the page's.
    expect((await get('/sw.js')).headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends the build’s brotli or gzip copy to a browser that accepts it, and the plain file otherwise', async () => {
    const plain = 'console.log("a screen");'.repeat(100);
    const file = path.join(clientDir, 'assets', 'screen-Zz9.js');
    fs.writeFileSync(file, plain);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(plain));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(plain));

    const br = await server.app.inject({
      method: 'GET',
      url: '/assets/screen-Zz9.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);

    const gz = await server.app.inject({
      method: 'GET',
      url: '/assets/screen-Zz9.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);

    const none = await get('/assets/screen-Zz9.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
  });

  it('answers a missing file with a plain 404, not the app', async () => {
    const res = await get('/assets/gone-12345.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('does not answer writes to screen paths with the app', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/getvideos' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps answering JSON under /api', async () => {
    const res = await get('/api/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('each screen’s own page (a first visit preloads only what its screen needs)', () => {
  let server: TestServer;
  let clientDir: string;
  const dashbordPage =
    '<!doctype html><title>EduPortal</title><link rel="modulepreload" href="/assets/dashbord-1.js"><div id="root"></div>';

  beforeAll(async () => {
    clientDir = writeClientBuild(fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-client-')));
    fs.mkdirSync(path.join(clientDir, 'pages'));
    const page = path.join(clientDir, 'pages', 'dashbord.html');
    fs.writeFileSync(page, dashbordPage);
    fs.writeFileSync(`${page}.br`, zlib.brotliCompressSync(dashbordPage));
    fs.writeFileSync(
      path.join(clientDir, 'pages.json'),
      JSON.stringify({ '/': 'index.html', '/dashbord': 'pages/dashbord.html' }),
    );
    server = await createTestServer('sqlite', { clientDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers a screen with the page the build made for it, never cached, compressed when accepted', async () => {
    for (const url of ['/dashbord', '/dashbord/', '/dashbord?q=fractions']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(dashbordPage);
    }
    const br = await server.app.inject({
      method: 'GET',
      url: '/dashbord',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(dashbordPage);
  });

  it('answers / and the screens the build made no page for with index.html', async () => {
    for (const url of ['/', '/tweets', '/no-such-screen']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('dashbord-1.js');
    }
  });
});
