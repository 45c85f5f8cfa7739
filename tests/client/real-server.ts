import { afterAll, beforeAll } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/client/lib/api-client.ts';
import { jpegWithExif, type FilePart } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

export const password = 'correct horse battery';

/**
 * A real server on a free port for the file's tests, with sign-in and registration limits
 * raised (every test here signs in from the same address), plus ways to make signed-in clients.
 */
export function useRealServer(env: Record<string, string> = {}) {
  const ctx = {
    server: undefined as unknown as TestServer,
    baseUrl: '',
    /** A client as the browser build would be, but with tokens in memory (Node's fetch has no cookies). */
    client: (): ApiClient => createApiClient(ctx.baseUrl, { tokens: 'memory' }),
    /** Registers `username` and answers a client signed in as them, with their id. */
    async signedIn(username: string, extra: RegisterExtra = {}) {
      const res = await registerUser(ctx.server, username, extra);
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      const api = ctx.client();
      const { data } = await api.post<{ user: { _id: string } }>('/users/login', {
        username,
        password: extra.password ?? password,
      });
      return { api, userId: data.user._id };
    },
  };
  beforeAll(async () => {
    ctx.server = await createTestServer('sqlite', {
      env: { RATE_LIMIT_LOGIN_PER_MINUTE: '10000', RATE_LIMIT_REGISTER_PER_HOUR: '10000', ...env },
    });
    ctx.baseUrl = await ctx.server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await ctx.server.close();
  });
  return ctx;
}

interface RegisterExtra {
  email?: string;
  fullName?: string;
  password?: string;
  coverImage?: FilePart;
}

/**
 * tests/helpers/http.ts's `register`, for jsdom: there the global FormData and Blob are jsdom's,
 * which Node's Response cannot encode, so the multipart body is written out by hand.
 */
export async function registerUser(server: TestServer, username: string, extra: RegisterExtra = {}) {
  const boundary = '----client-test-boundary';
  const text = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const file = (name: string, part: FilePart) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    text('username', username),
    text('email', extra.email ?? `${username}@school.example`),
    text('fullName', extra.fullName ?? `Student ${username}`),
    text('password', extra.password ?? password),
    file('avatar', await jpegWithExif(320, 240)),
    ...(extra.coverImage ? [file('coverImage', extra.coverImage)] : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

let counter = 0;
/** A username no other test of this run has used. */
export const uniqueName = (prefix: string) =>
  `${prefix}_${process.pid.toString(36)}${(counter++).toString(36)}${Date.now().toString(36).slice(-4)}`;

/** A file the page's own File type accepts, as a file input would hold it. */
export const asFile = (part: FilePart) =>
  new File([new Uint8Array(part.data)], part.filename, { type: part.type });
