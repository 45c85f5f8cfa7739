import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/shared/api-prefix.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

/**
 * The OpenAPI description is made from the routes themselves, so it covers every call a client
 * can make: walked here over every route the app declares (`servedRoutes`), tus's included.
 */
describe('the OpenAPI description and its page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** `/api/v1/users/c/:username` -> `/api/v1/users/c/{username}`. */
  const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
  /** A prefix's own route (`/videos` + `/`) may be written with or without its last slash. */
  const described = (paths: Record<string, Record<string, unknown>>, url: string, method: string) =>
    [openApiPath(url), openApiPath(url).replace(/(.)\/$/, '$1'), `${openApiPath(url)}/`].some(
      (p) => paths[p]?.[method.toLowerCase()] !== undefined,
    );

  it('describes every /api/v1 route the server declares, method by method', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const declared = server.app.servedRoutes.filter((r) => r.url.startsWith(API_PREFIX));
    // Fastify answers HEAD for every GET by itself; those are not calls of their own.
    const bare = (url: string) => url.replace(/(.)\/$/, '$1');
    const gets = new Set(declared.filter((r) => r.method === 'GET').map((r) => bare(r.url)));
    const calls = declared.filter((r) => !(r.method === 'HEAD' && gets.has(bare(r.url))));
    expect(calls.length).toBeGreaterThan(40);
    const missing = calls
      .filter((r) => !described(doc.paths, r.url, r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // The resumable uploads, which tus answers, are described in words a client can follow.
    for (const method of ['options', 'post'] as const) {
      expect((doc.paths['/api/v1/uploads'] ?? doc.paths['/api/v1/uploads/'])?.[method]?.summary).toMatch(
        /tus/,
      );
    }
    for (const method of ['head', 'patch', 'delete'] as const) {
      expect(doc.paths['/api/v1/uploads/{uploadId}']?.[method]?.summary).toMatch(/tus/);
    }
  });

  it('has a page to browse it, whose scripts and styles come from this server', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/ui/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset, 'no asset from another site').not.toMatch(/^(https?:)?\/\//);
      const url = new URL(asset, 'http://localhost/api/docs/ui/').pathname;
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
    }
  });
});
