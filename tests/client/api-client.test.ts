import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, createApiClient } from '../../src/client/lib/api-client.ts';
import { swrConfig } from '../../src/client/app/swr-config.ts';
import { fakePng, jpegWithExif, png } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';
import { asFile, uniqueName, useRealServer } from './real-server.ts';
import { XhrOverNode } from './xhr-over-node.ts';

describe('the API client against a real server', () => {
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    server = await createTestServer('sqlite');
    baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('returns the payload from the envelope', async () => {
    const data = await createApiClient(baseUrl).get<{ status: string }>('/healthcheck');
    expect(data.status).toBe('ok');
  });

  it('turns a refusal into an ApiError with the server message', async () => {
    const error = await createApiClient(baseUrl)
      .get('/no-such-thing')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('No route for GET /api/v1/no-such-thing');
  });

  it('tells the screen a refusal is the server’s answer of now, not a saved copy', async () => {
    // A screen that showed a saved copy of this read must stop saying "offline: showing what was
    // saved" once the server itself has answered, even with a 404 (deleted meanwhile).
    const reads: Array<[string, string | null]> = [];
    const client = createApiClient(baseUrl, { onRead: (path, savedAt) => reads.push([path, savedAt]) });
    await client.get('/no-such-thing').catch(() => undefined);
    expect(reads).toEqual([['/no-such-thing', null]]);
  });

  it('turns an unreachable server into a NetworkError that says so', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const error = await createApiClient(`http://127.0.0.1:${port}`)
      .get('/healthcheck')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/offline/);
  });

  it('tells SWR to retry server and network failures but not refusals', () => {
    const { shouldRetryOnError } = swrConfig(createApiClient(baseUrl));
    if (typeof shouldRetryOnError !== 'function') throw new Error('expected a retry predicate');
    expect(shouldRetryOnError(new ApiError(404, 'gone'))).toBe(false);
    expect(shouldRetryOnError(new ApiError(401, 'sign in'))).toBe(false);
    expect(shouldRetryOnError(new ApiError(503, 'busy'))).toBe(true);
    expect(shouldRetryOnError(new NetworkError(new TypeError('fetch failed')))).toBe(true);
  });
});

describe('the API client’s session handling against a real server', { timeout: 20_000 }, () => {
  // Access tokens live two seconds here, so a test can let one expire. Their expiry is counted
  // in whole seconds from the second they were made in, so a one-second token could be dead
  // a few milliseconds after a refresh made it: CI saw a retried call refused that way.
  const ctx = useRealServer({ ACCESS_TOKEN_TTL_SECONDS: '2' });
  const expire = () => new Promise((resolve) => setTimeout(resolve, 2100));

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    XhrOverNode.gate = null;
  });

  function countRefreshes() {
    const calls: string[] = [];
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/users/refresh-token')) calls.push(url);
      return real(input, init);
    });
    return calls;
  }

  it('writes with patch, post and delete and reads the answer’s data and message', async () => {
    const { api } = await ctx.signedIn(uniqueName('writer'));
    const updated = await api.patch<{ fullName: string }>('/users/update-account', { fullName: 'Asha Rao' });
    expect(updated).toEqual({
      data: expect.objectContaining({ fullName: 'Asha Rao' }),
      message: 'Account details updated',
    });
    const tweet = await api.post<{ _id: string }>('/tweets', { content: 'Hello class' });
    const removed = await api.delete(`/tweets/${tweet.data._id}`);
    expect(removed.data).toBeNull();
    const again = await api.delete(`/tweets/${tweet.data._id}`).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect((again as ApiError).status).toBe(404);
  });

  it('refreshes an expired session once, silently, and retries the call', async () => {
    const { api } = await ctx.signedIn(uniqueName('expiry'));
    await expire();
    const refreshes = countRefreshes();
    const me = await api.get<{ username: string }>('/users/current-user');
    expect(me.username).toMatch(/^expiry_/);
    expect(refreshes).toHaveLength(1);
  });

  it('shares one refresh among calls that find the session expired together', async () => {
    const { api, userId } = await ctx.signedIn(uniqueName('together'));
    await expire();
    const refreshes = countRefreshes();
    const answers = await Promise.all([
      api.get('/users/current-user'),
      api.get(`/dashboard/stats/${userId}`),
      api.get('/users/history'),
      api.patch('/users/update-account', { fullName: 'Ravi Kumar' }),
    ]);
    expect(answers).toHaveLength(4);
    expect(refreshes).toHaveLength(1);
  });

  it('ends the session when the server refuses the refresh, and tells its listeners', async () => {
    const { api } = await ctx.signedIn(uniqueName('ended'));
    const other = ctx.client();
    const ended = vi.fn();
    api.onSessionEnded(ended);
    // Signing out elsewhere is not possible with this session's tokens, so end it here instead.
    await api.post('/users/logout');
    const error = await api.get('/users/current-user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(await other.refreshSession()).toBe(false);
  });

  it('does not try to refresh after a refused sign-in', async () => {
    const api = ctx.client();
    const refreshes = countRefreshes();
    const error = await api
      .post('/users/login', { username: 'nobody_here', password: 'wrong password' })
      .catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('The username/email or password is not correct');
    expect(refreshes).toEqual([]);
  });

  it('uploads a form with progress, refreshing an expired session first', async () => {
    vi.stubGlobal('XMLHttpRequest', XhrOverNode);
    const { api } = await ctx.signedIn(uniqueName('uploader'));
    await expire();
    const refreshes = countRefreshes();
    const form = new FormData();
    form.append('avatar', asFile(await jpegWithExif(1200, 900)));
    const progress: number[] = [];
    const { data, message } = await api.postForm<{ avatar: string }>('/users/avatar', form, {
      method: 'PATCH',
      onProgress: (f) => progress.push(f),
    });
    expect(message).toBe('Avatar updated');
    expect(data.avatar).toMatch(/^\/media\//);
    expect(refreshes).toHaveLength(1);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('turns an upload refusal into an ApiError and a cancelled upload into an AbortError', async () => {
    vi.stubGlobal('XMLHttpRequest', XhrOverNode);
    const { api } = await ctx.signedIn(uniqueName('refused'));
    const bad = new FormData();
    bad.append('avatar', asFile(fakePng()));
    const refusal = await api.postForm('/users/avatar', bad, { method: 'PATCH' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(415);

    let open!: () => void;
    XhrOverNode.gate = new Promise((resolve) => (open = resolve));
    const controller = new AbortController();
    const form = new FormData();
    form.append('avatar', asFile(await png()));
    const pending = api.postForm('/users/avatar', form, { method: 'PATCH', signal: controller.signal });
    controller.abort();
    open();
    const error = await pending.catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
