import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/shared/api-prefix.ts';
import { allEndpoints } from '../../src/shared/endpoints/all.ts';
import { videosApi } from '../../src/shared/endpoints/videos.ts';
import { likesApi } from '../../src/shared/endpoints/likes.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

/** Every declared endpoint as `METHOD /api/v1/pattern`, one line per method. */
const declared = Object.values(allEndpoints)
  .flatMap((noun) => Object.values(noun))
  .flatMap((e) => [e.method].flat().map((m) => `${m} ${API_PREFIX}${e.pattern}`))
  .sort();

describe('the endpoints, declared once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are what the server serves under /api/v1, no more and no fewer', () => {
    const routes = server.app.servedRoutes.filter((r) => r.url.startsWith(API_PREFIX));
    // Fastify answers HEAD for every GET by itself; those are not calls of their own.
    const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
    const served = routes
      .filter((r) => !(r.method === 'HEAD' && gets.has(r.url)))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(served).toEqual(declared);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('answer at the addresses their builders make', async () => {
    const video = await server.app.inject({ method: 'GET', url: `${API_PREFIX}${videosApi.list.path()}` });
    expect(video.statusCode).toBe(200);
    const missing = await server.app.inject({
      method: 'GET',
      url: `${API_PREFIX}${videosApi.one.path({ videoId: 'no such video' })}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false });
  });
});

describe('an endpoint path builder', () => {
  it('fills each parameter, encoded, and writes the query without empty values', () => {
    expect(likesApi.toggle.path({ kind: 'v', id: 'a/b c' })).toBe('/likes/toggle/v/a%2Fb%20c');
    expect(videosApi.list.path({ q: 'ab cd&', page: 2, limit: undefined })).toBe(
      '/videos?q=ab%20cd%26&page=2',
    );
    expect(videosApi.list.path({ q: '' })).toBe('/videos');
  });

  it('recognises its own paths, query aside, and no other', () => {
    expect(videosApi.one.matches('/videos/v/abc?x=1')).toBe(true);
    expect(videosApi.byOwner.matches('/videos/abc')).toBe(true);
    expect(videosApi.byOwner.matches('/videos/v/abc')).toBe(false);
    expect(videosApi.list.matches('/videos?page=2')).toBe(true);
    expect(videosApi.list.matches('/videos/abc')).toBe(false);
    expect(likesApi.toggle.paramsOf('/likes/toggle/v/a%2Fb')).toEqual({ kind: 'v', id: 'a/b' });
    expect(videosApi.one.paramsOf('/videos/v/%E0')).toBeUndefined();
    expect(videosApi.one.paramsOf('/videos/abc')).toBeUndefined();
  });
});
