import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError, createApiClient } from '../../src/client/lib/api-client.ts';
import { swrConfig } from '../../src/client/app/swr-config.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

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
