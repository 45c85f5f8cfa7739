import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import { bearer, clip, json, multipart, png, registerAndSignIn, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The contract's error envelope: JSON, the status, success false, and at least one error. */
function expectErrorEnvelope(res: Answer, status: number | number[], what: string) {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, `${what}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
  expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as {
    statusCode: number;
    success: boolean;
    data: unknown;
    errors?: unknown[];
  };
  expect(body, what).toMatchObject({ statusCode: res.statusCode, success: false, data: null });
  expect(body.errors?.length, `${what}: errors`).toBeGreaterThan(0);
}

/** What a raw socket got back, headers parsed; for requests that `inject` cannot send. */
function rawRequest(
  port: number,
  head: string,
  { body = Buffer.alloc(0), keepWriting = false }: { body?: Buffer; keepWriting?: boolean } = {},
): Promise<Answer & { sent: number; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let sent = 0;
    let answered = false;
    let closedByServer = false;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const finish = () => {
      const text = received.toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      const bodyText = received
        .subarray(Buffer.byteLength(text.slice(0, split + 4), 'latin1'))
        .toString('utf8');
      resolve({
        statusCode: Number(statusLine?.split(' ')[1]),
        headers,
        body: bodyText.slice(0, length || undefined),
        sent,
        closedByServer,
      });
    };
    const pump = () => {
      // Writes on (bounded: 16 MiB) until the server answers, as a client sending a big body would.
      while (keepWriting && !answered && sent < 16 * 1024 * 1024) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      if (!answered && received.includes('\r\n\r\n')) answered = true;
    });
    socket.on('end', () => (closedByServer = true));
    socket.on('error', () => undefined);
    socket.on('close', finish);
    socket.write(head);
    socket.write(body);
    sent += body.length;
    pump();
    // Stop waiting once an answer is in and the server kept the connection open (keep-alive).
    const timer = setInterval(() => {
      if (answered) {
        const text = received.toString('latin1');
        const split = text.indexOf('\r\n\r\n');
        const length = Number(/content-length: *(\d+)/i.exec(text)?.[1] ?? 0);
        if (split >= 0 && received.length >= split + 4 + length) {
          clearInterval(timer);
          setTimeout(() => socket.destroy(), 200);
        }
      }
    }, 20);
  });
}

const UPLOAD_ROUTES = [
  ['POST', '/api/v1/users/register'],
  ['PATCH', '/api/v1/users/avatar'],
  ['PATCH', '/api/v1/users/cover-image'],
  ['POST', '/api/v1/videos'],
  ['PATCH', '/api/v1/videos/:videoId'],
  ['POST', '/api/v1/videos/:videoId/captions'],
] as const;

const BROKEN_BODIES: Record<string, { type: string; body: string }> = {
  'no boundary': {
    type: 'multipart/form-data',
    body: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--b--\r\n',
  },
  'the wrong boundary': {
    type: 'multipart/form-data; boundary=zzz',
    body: '--aaa\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--aaa--\r\n',
  },
  'never closed': {
    type: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG half a picture',
  },
  'cut short in a part header': {
    type: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data; name="tit',
  },
  garbage: {
    type: 'multipart/form-data; boundary=b',
    body: '\u0001\u0002 this is not a form at all \u00ff'.repeat(40),
  },
};

describe.each(databaseKinds)('malformed input on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let videoId: string;
  let port: number;
  beforeAll(async () => {
    server = await createTestServer(kind, { env: { MAX_IMAGE_BYTES: String(200 * 1024) } });
    ana = await registerAndSignIn(server.app, 'ana');
    const body = await multipart({
      title: 'Lesson',
      description: '',
      videoFile: clip('mp4'),
      thumbnail: await png(),
    });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/videos',
      headers: { ...bearer(ana), ...body.headers },
      payload: body.payload,
    });
    videoId = json(res).data._id;
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await server.close();
  });

  const mediaFiles = () =>
    (fs.readdirSync(server.config.mediaDir, { recursive: true }) as string[]).filter((f) =>
      fs.statSync(path.join(server.config.mediaDir, f)).isFile(),
    ).length;

  it('a broken multipart body on every upload route is a 400 or 415 in the envelope, leaving no file', async () => {
    const before = mediaFiles();
    for (const [method, route] of UPLOAD_ROUTES) {
      for (const [name, { type, body }] of Object.entries(BROKEN_BODIES)) {
        const res = await server.app.inject({
          method,
          url: route.replace(':videoId', videoId),
          headers: { ...bearer(ana), 'content-type': type },
          payload: Buffer.from(body, 'latin1'),
        });
        expectErrorEnvelope(res, [400, 415], `${method} ${route} with ${name}`);
      }
    }
    expect(mediaFiles()).toBe(before);
  });

  it('a declared 2 GiB body is refused with 413 before 1 MiB of it is read, and the connection closed', async () => {
    const res = await rawRequest(
      port,
      `POST /api/v1/videos HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ana.accessToken}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${2 * 1024 * 1024 * 1024}\r\n\r\n`,
      { body: Buffer.alloc(64 * 1024, 0x61) },
    );
    // Only 64 KiB were ever sent, so the answer came from the declared length alone.
    expect(res.sent).toBe(64 * 1024);
    expectErrorEnvelope(res, 413, 'declared 2 GiB');
    expect(res.headers.connection).toBe('close');
    expect(res.closedByServer).toBe(true);
  });

  it('a body with no declared length stops being read at its limit: 413 and the connection closed', async () => {
    const start =
      '--b\r\nContent-Disposition: form-data; name="avatar"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n';
    const res = await rawRequest(
      port,
      `PATCH /api/v1/users/avatar HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ana.accessToken}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n',
      { body: Buffer.from(`${start.length.toString(16)}\r\n${start}\r\n`), keepWriting: true },
    );
    expectErrorEnvelope(res, [400, 413], 'chunked body over the limit');
    expect(res.headers.connection).toBe('close');
    expect(res.closedByServer).toBe(true);
    expect(res.sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('refusals made before a route runs answer the envelope with errors', async () => {
    const requests: Record<string, string> = {
      'a broken %-escape': 'GET /api/v1/videos/v/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n',
      'an over-long id': `GET /api/v1/videos/v/${'a'.repeat(300)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      'a 70 KB URL': `GET /api/v1/videos?q=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      'a 70 KB cookie': `GET /api/v1/videos HTTP/1.1\r\nHost: x\r\nCookie: a=${'b'.repeat(70_000)}\r\n\r\n`,
      'Content-Length beside Transfer-Encoding':
        'POST /api/v1/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    };
    for (const [name, head] of Object.entries(requests)) {
      expectErrorEnvelope(await rawRequest(port, head), [400, 414, 431], name);
    }
  });

  it('NUL in an id, a query or a text field is a 400 naming the field, never a 5xx', async () => {
    const nul = 'a\u0000b';
    const calls: Array<[string, string, unknown, string | undefined]> = [
      ['GET', '/api/v1/videos/v/abc%00def', undefined, 'videoId'],
      ['GET', '/api/v1/videos/abc%00def', undefined, 'userId'],
      ['GET', '/api/v1/videos?page=1%00', undefined, 'page'],
      ['GET', '/api/v1/comments/abc%00def', undefined, 'videoId'],
      ['GET', '/api/v1/users/c/ana%00', undefined, 'username'],
      ['GET', '/api/v1/tweets/user/abc%00def', undefined, 'userId'],
      ['GET', '/api/v1/likes/toggle/v/abc%00def', undefined, 'id'],
      ['GET', '/api/v1/dashboard/stats/abc%00def', undefined, 'channelId'],
      ['POST', '/api/v1/likes/toggle/t/abc%00def', undefined, 'id'],
      ['POST', '/api/v1/subscriptions/c/abc%00def', undefined, 'channelId'],
      ['DELETE', '/api/v1/videos/abc%00def', undefined, 'videoId'],
      ['PATCH', '/api/v1/comments/c/abc%00def', { content: 'fine' }, 'commentId'],
      ['POST', '/api/v1/tweets', { content: nul }, 'content'],
      ['POST', `/api/v1/comments/${videoId}`, { content: nul }, 'content'],
      ['PATCH', `/api/v1/videos/${videoId}`, { title: nul }, 'title'],
      ['PATCH', '/api/v1/users/update-account', { fullName: nul }, 'fullName'],
      ['POST', '/api/v1/users/login', { username: nul, password: 'whatever1' }, 'username'],
      ['POST', '/api/v1/users/addhistory', { videoId: nul }, 'videoId'],
      ['POST', '/api/v1/contact', { name: nul, email: 'a@b.example', message: 'hi' }, 'name'],
    ];
    for (const [method, url, payload, field] of calls) {
      const res = await server.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(ana),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expectErrorEnvelope(res, 400, `${method} ${url}`);
      expect(
        json(res).errors?.some((e) => e.field === field),
        `${method} ${url}: ${res.body}`,
      ).toBe(true);
    }
    // In a multipart field too.
    const body = await multipart({
      title: nul,
      description: '',
      videoFile: clip('mp4'),
      thumbnail: await png(),
    });
    const upload = await server.app.inject({
      method: 'POST',
      url: '/api/v1/videos',
      headers: { ...bearer(ana), ...body.headers },
      payload: body.payload,
    });
    expectErrorEnvelope(upload, 400, 'multipart title with NUL');
    expect(json(upload).errors).toContainEqual({
      field: 'title',
      message: 'must not contain the NUL character',
    });
  });

  it('the same Idempotency-Key with another multipart body of the same length is a 422', async () => {
    const send = async (title: string) => {
      const body = await multipart({
        title,
        description: '',
        videoFile: clip('mp4'),
        thumbnail: await png(),
      });
      return server.app.inject({
        method: 'POST',
        url: '/api/v1/videos',
        headers: { ...bearer(ana), ...body.headers, 'idempotency-key': 'upload-once-1' },
        payload: body.payload,
      });
    };
    const first = await send('Lesson A');
    expect(first.statusCode).toBe(201);
    const again = await send('Lesson A');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json(again).data._id).toBe(json(first).data._id);
    const other = await send('Lesson B');
    expectErrorEnvelope(other, 422, 'another body under the same key');
    const mine = json(await server.app.inject({ method: 'GET', url: `/api/v1/videos/${ana.userId}` })).data;
    expect(mine.docs.filter((v: { title: string }) => v.title.startsWith('Lesson ')).length).toBe(1);
  });
});
