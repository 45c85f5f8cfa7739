import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/server/plugins/json-body.ts';
import { databaseKinds } from '../helpers/databases.ts';
import { bearer, json, registerAndSignIn, signIn, uploadVideo, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

/**
 * Every route that takes a body, as the app itself declares them (`servedRoutes`, filled by
 * Fastify's onRoute hook): a new route is walked here by being declared. Each gets bodies no
 * client should send and every kind of Content-Type, signed in and signed out; the answer is
 * never a 5xx (the outbox would retry it for ever) and every refusal is the contract's envelope.
 */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes a walk must find: if any is missing, the list is not the app's. */
const MUST_FIND = [
  'POST /api/v1/contact',
  'POST /api/v1/users/login',
  'POST /api/v1/users/refresh-token',
  'PATCH /api/v1/users/update-account',
  'POST /api/v1/users/change-password',
  'POST /api/v1/users/addhistory',
  'PATCH /api/v1/videos/:videoId',
  'POST /api/v1/comments/:videoId',
  'PATCH /api/v1/comments/c/:commentId',
  'POST /api/v1/tweets',
  'PATCH /api/v1/tweets/:tweetId',
  'POST /api/v1/likes/toggle/:kind/:id',
  'POST /api/v1/subscriptions/c/:channelId',
];

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const longArray = (n: number, item = '0') => `[${Array.from({ length: n }, () => item).join(',')}]`;

/** Bodies that once broke, or could break, a JSON route; as raw bytes, sent as they are. */
const NASTY: Record<string, string | Buffer> = {
  'arrays nested 10,000 deep': deepArray(10_000),
  'objects nested 10,000 deep': deepObject(10_000),
  'a field nested 10,000 deep': `{"content":${deepArray(10_000)}}`,
  [`nested ${MAX_JSON_DEPTH + 1} deep`]: deepArray(MAX_JSON_DEPTH + 1),
  'an array of 100,000 numbers': longArray(100_000),
  'an array of 100,000 strings': `{"content":${longArray(100_000, '"a"')}}`,
  'NUL escaped': '{"content":"a\\u0000b","title":"\\u0000","name":"x\\u0000"}',
  'NUL raw': Buffer.from('{"content":"a\u0000b"}'),
  'NUL in a key': '{"a\\u0000":1}',
  'a lone high surrogate': '{"content":"\\ud800","title":"\\udbff x"}',
  'a lone low surrogate': '{"content":"x\\udc00"}',
  'invalid UTF-8': Buffer.from([0x7b, 0x22, 0x63, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
  '1e400': '{"liked":1e400,"subscribed":1e400,"content":1e400}',
  '2^64': '{"videoId":18446744073709551616,"liked":18446744073709551616}',
  '-0': '{"liked":-0,"content":-0}',
  'duplicate keys': '{"content":"one","content":"two","liked":true,"liked":false}',
  'a bare number': '1e400',
  'a bare string': '"hello"',
  null: 'null',
  'an empty body': '',
  'not JSON': '{"content": ',
  'prototype poisoning': '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  'over 1 MiB': `{"content":"${'a'.repeat(1024 * 1024 + 10)}"}`,
};

/** Content types a client might send, well or badly. */
const CONTENT_TYPES: Array<string | undefined> = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=UTF-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/vnd.api+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'multipart/form-data; boundary=',
  'application/offset+octet-stream',
  'application/octet-stream',
  'image/png',
  'garbage',
  '/',
  ';',
  'application/',
  undefined,
];

interface Route {
  method: string;
  url: string;
}

function expectNoServerError(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(String(res.headers['content-type']), `${what}: content type`).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as {
    statusCode: number;
    success: boolean;
    message: unknown;
    data: unknown;
    errors?: Array<{ message?: unknown; field?: unknown }>;
  };
  expect(body, what).toMatchObject({ statusCode: res.statusCode, success: false, data: null });
  expect(typeof body.message, what).toBe('string');
  expect(body.errors?.length, `${what}: errors`).toBeGreaterThan(0);
  for (const e of body.errors ?? []) expect(typeof e.message, `${what}: an error's message`).toBe('string');
}

describe.each(databaseKinds)('every route that takes a body, fuzzed, on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let routes: Route[];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer(kind, {
      // The walk sends thousands of writes and many sign-ins from one address.
      env: {
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
        RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
        RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
      },
    });
    ana = await registerAndSignIn(server.app, 'ana');
    const bob = await registerAndSignIn(server.app, 'bob');
    const video = json(await uploadVideo(server.app, ana)).data;
    const comment = json(
      await server.app.inject({
        method: 'POST',
        url: `/api/v1/comments/${video._id}`,
        headers: bearer(ana),
        payload: { content: 'A first comment' },
      }),
    ).data;
    const tweet = json(
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/tweets',
        headers: bearer(ana),
        payload: { content: 'A first tweet' },
      }),
    ).data;
    Object.assign(ids, {
      videoId: video._id,
      commentId: comment._id,
      tweetId: tweet._id,
      channelId: bob.userId,
      userId: bob.userId,
      id: video._id,
      kind: 'v',
      uploadId: '0123456789abcdef0123456789abcdef',
    });
    routes = server.app.servedRoutes
      .filter((r) => BODY_METHODS.has(r.method) && r.url.startsWith('/api/v1/'))
      .map(({ method, url }) => ({ method, url }));
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * A session that is open. A fuzzed logout or password change that succeeds ends it (or the
   * others); then the next signed-in request signs in again.
   */
  let session: SignedIn | undefined;
  const signedIn = async (): Promise<SignedIn> => (session ??= await signIn(server.app, 'ana'));
  const endsSessions = /\/users\/(logout|change-password|refresh-token)$/;

  const urlOf = (route: Route, params: Record<string, string> = ids) =>
    route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));

  const send = async (
    route: Route,
    payload: string | Buffer,
    contentType: string | undefined,
    who: SignedIn | undefined,
    extra: Record<string, string> = {},
    url = urlOf(route),
  ) => {
    const res = await server.app.inject({
      method: route.method as 'POST',
      url,
      headers: {
        ...(who ? bearer(who) : {}),
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
        ...extra,
      },
      payload,
    });
    if (who && res.statusCode < 300 && endsSessions.test(route.url)) session = undefined;
    return res;
  };

  it('the list of routes comes from the app, and holds every JSON route', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const name of MUST_FIND) expect(names, name).toContain(name);
    expect(routes.length).toBeGreaterThanOrEqual(MUST_FIND.length);
    // Routes with a body schema are JSON routes by declaration; the others (multipart, tus) are
    // walked too, since a JSON body can be sent to any of them.
    expect(server.app.servedRoutes.filter((r) => r.bodySchema).length).toBeGreaterThanOrEqual(12);
  });

  it('bodies nested 10,000 deep, 100,000-element arrays, NUL, lone surrogates and huge numbers: never a 5xx, signed in or out', async () => {
    for (const route of routes) {
      for (const [name, payload] of Object.entries(NASTY)) {
        for (const who of [await signedIn(), undefined]) {
          const res = await send(route, payload, 'application/json', who);
          expectNoServerError(
            res,
            `${route.method} ${route.url} with ${name} (${who ? 'signed in' : 'signed out'})`,
          );
        }
      }
    }
  });

  it('a body nested too deep is refused with a 400 that says so', async () => {
    const res = await send(
      { method: 'POST', url: '/api/v1/tweets' },
      deepArray(10_000),
      'application/json',
      await signedIn(),
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('The JSON body is nested too deeply');
    expect(json(res).errors).toEqual([
      { message: `arrays and objects may nest at most ${MAX_JSON_DEPTH} levels deep` },
    ]);
    // The depth the app's own bodies use still passes.
    const fine = await send(
      { method: 'POST', url: '/api/v1/tweets' },
      JSON.stringify({ content: 'fine' }),
      'application/json',
      await signedIn(),
    );
    expect(fine.statusCode).toBe(201);
  });

  it('every content type, on every route: never a 5xx', async () => {
    const bodies = [
      '{"content":"hello","title":"t","liked":true}',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    ];
    // Every content type on every route, with a JSON body signed in and a form-like body signed
    // out (the bodies above go both ways; this is about how a body is labelled).
    for (const route of routes) {
      for (const type of CONTENT_TYPES) {
        for (const [i, payload] of bodies.entries()) {
          for (const who of i === 0 ? [await signedIn()] : [undefined]) {
            const res = await send(route, payload, type, who);
            expectNoServerError(
              res,
              `${route.method} ${route.url} as ${String(type)} (${who ? 'signed in' : 'signed out'})`,
            );
          }
        }
      }
    }
  });

  it('arbitrary JSON values, texts and headers on every route (fast-check): never a 5xx, always the envelope', async () => {
    // Fields the routes read, so that some bodies pass the first checks and reach the services.
    const fieldNames = [
      'content',
      'title',
      'description',
      'liked',
      'subscribed',
      'videoId',
      'username',
      'email',
      'password',
      'fullName',
      'name',
      'message',
      'mobile',
      'oldPassword',
      'newPassword',
      'refreshToken',
      'uploadId',
      '__proto__',
      'constructor',
      '',
    ];
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }), // lone surrogates and NUL among them
      fc.string({ maxLength: 20 }),
      fc.constantFrom('\u0000', '\ud800', '\udfff', 'a'.repeat(6000), ' ', 'ana', 'ana@school.example'),
    );
    const value = fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue({ maxDepth: 4 }),
      text,
      fc.constantFrom(-0, Number.MAX_SAFE_INTEGER + 2, 2 ** 64, 1e308, -1e308, Number.MIN_VALUE),
    );
    const objectBody = fc
      .dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 5 })
      .map((o) => JSON.stringify(o));
    // Raw texts that JSON.stringify never makes: huge numbers, -0, duplicate keys, deep nesting.
    const rawBody = fc.oneof(
      fc.integer({ min: 1, max: 10_000 }).map(deepArray),
      fc.integer({ min: 1, max: 10_000 }).map(deepObject),
      fc.integer({ min: 1, max: 100_000 }).map((n) => longArray(n)),
      fc.constantFrom('1e400', '-1e400', '18446744073709551616', '-0', '0.0000000000000000000001e-400'),
      fc
        .tuple(fc.constantFrom(...fieldNames), value, value)
        .map(
          ([k, a, b]) =>
            `{${JSON.stringify(k)}:${JSON.stringify(a) ?? 'null'},${JSON.stringify(k)}:${JSON.stringify(b) ?? 'null'}}`,
        ),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    );
    const body = fc.oneof(
      objectBody,
      rawBody,
      fc.jsonValue().map((v) => JSON.stringify(v)),
    );
    const contentType = fc.oneof(
      { weight: 4, arbitrary: fc.constant<string | undefined>('application/json') },
      { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 30 }) },
    );
    const headers = fc.record(
      {
        'idempotency-key': fc.oneof(fc.string({ unit: 'grapheme-ascii', maxLength: 300 }), fc.constant('k1')),
        origin: fc.constantFrom('http://localhost:80', 'https://evil.example', 'null'),
      },
      { requiredKeys: [] },
    );
    // Sometimes a parameter other than the real one: unknown, too long, or odd.
    const param = fc.option(
      fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom('%00', '..', 'a'.repeat(200))),
      {
        freq: 4,
      },
    );
    const numRuns = Number(process.env.FUZZ_RUNS ?? 200);
    const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: routes.length - 1 }),
        body,
        contentType,
        headers,
        param,
        fc.boolean(),
        async (r, payload, type, extra, odd, asUser) => {
          const route = routes[r]!;
          const params = odd === null ? ids : Object.fromEntries(Object.keys(ids).map((k) => [k, odd]));
          const who = asUser ? await signedIn() : undefined;
          const res = await send(route, payload, type, who, extra, urlOf(route, params));
          expectNoServerError(res, `${route.method} ${route.url} as ${String(type)}`);
        },
      ),
      { numRuns, ...(seed === undefined ? {} : { seed }) },
    );
  }, 120_000);
});
