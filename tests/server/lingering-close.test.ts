import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import { registerAndSignIn, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

interface Outcome {
  status?: number;
  body?: string;
  /** What the client saw go wrong instead of an answer (a broken pipe, a reset). */
  error?: string;
  sent: number;
}

/**
 * A real HTTP client (node:http) sending a body of `declared` bytes as fast as the socket takes
 * it, and reading the answer whenever it comes, as a browser or curl does: it stops sending once
 * an answer is in. What it gets is the answer, or the error that replaced it.
 */
function sendBig(
  port: number,
  {
    method = 'POST',
    path,
    headers,
    declared,
    chunk = 64 * 1024,
  }: {
    method?: string;
    path: string;
    headers: Record<string, string>;
    declared: number;
    chunk?: number;
  },
): Promise<Outcome> {
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const piece = Buffer.alloc(chunk, 0x61);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, 'content-length': String(declared) },
        agent: false,
      },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          resolve({ status: res.statusCode, body, sent });
          req.destroy();
        });
        res.on('error', (err) => resolve({ status: res.statusCode, body, error: err.message, sent }));
      },
    );
    req.on('error', (err) => {
      if (!answered) resolve({ error: `${(err as { code?: string }).code ?? ''} ${err.message}`, sent });
    });
    const pump = () => {
      while (!answered && sent < declared) {
        const n = Math.min(piece.length, declared - sent);
        sent += n;
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n)))
          return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/**
 * A client that sends the whole body before it reads anything, as many HTTP libraries do: it
 * writes on while the server answers, so a server that closes at once breaks its pipe and the
 * answer is lost with the connection.
 */
function sendAllThenRead(port: number, head: string, bodyBytes: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const piece = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let failed: string | undefined;
    socket.on('error', (err: NodeJS.ErrnoException) => (failed ??= `${err.code ?? ''} ${err.message}`));
    socket.pause(); // nothing is read until everything is sent
    const pump = () => {
      while (sent < bodyBytes && !failed) {
        const n = Math.min(piece.length, bodyBytes - sent);
        sent += n;
        if (!socket.write(n === piece.length ? piece : piece.subarray(0, n)))
          return void socket.once('drain', pump);
      }
      if (failed) return resolve({ error: failed, sent });
      // All sent: now read the answer.
      let received = Buffer.alloc(0);
      socket.on('data', (d: Buffer) => (received = Buffer.concat([received, d])));
      const done = () => {
        const text = received.toString('utf8');
        const split = text.indexOf('\r\n\r\n');
        if (split < 0) return resolve({ error: failed ?? 'no answer', sent });
        resolve({ status: Number(text.split(' ')[1]), body: text.slice(split + 4), sent });
      };
      socket.on('close', done);
      socket.resume();
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('close', () => {
      if (failed) resolve({ error: failed, sent });
    });
  });
}

function expectRefusal(outcome: Outcome, status: number, what: string) {
  expect(outcome.error, `${what}: the client got no answer but ${outcome.error}`).toBeUndefined();
  expect(outcome.status, `${what}: ${outcome.body}`).toBe(status);
  const body = JSON.parse(outcome.body ?? '') as { statusCode: number; success: boolean; errors?: unknown[] };
  expect(body).toMatchObject({ statusCode: status, success: false });
  expect(body.errors?.length).toBeGreaterThan(0);
}

describe.each(databaseKinds)('a body refused for its size still gets its answer, on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let port: number;
  beforeAll(async () => {
    server = await createTestServer(kind, {
      env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', MAX_IMAGE_BYTES: String(1024 * 1024) },
    });
    ana = await registerAndSignIn(server.app, 'ana');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await server?.close();
  });

  const auth = () => ({ authorization: `Bearer ${ana.accessToken}` });

  // On loopback the kernel's buffers take a few MB whatever the server does, so these bodies are
  // larger than that: over a real network far less is enough to break the pipe.
  it('an 8 MB JSON body from a client that sends it all before reading: it reads the 413, every time', async () => {
    for (let i = 0; i < 5; i++) {
      const bytes = 8 * 1024 * 1024;
      const outcome = await sendAllThenRead(
        port,
        `POST /api/v1/tweets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ana.accessToken}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`,
        bytes,
      );
      expectRefusal(outcome, 413, `try ${i + 1}`);
      expect(outcome.sent).toBe(bytes);
    }
  });

  it('a 40 MB avatar from a client that sends it all before reading: it reads the 413', async () => {
    const bytes = 40 * 1024 * 1024;
    const outcome = await sendAllThenRead(
      port,
      `PATCH /api/v1/users/avatar HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ana.accessToken}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${bytes}\r\n\r\n`,
      bytes,
    );
    expectRefusal(outcome, 413, 'a 40 MB avatar');
  });

  it('a 2 MB JSON body to a JSON route: the client reads the 413, every time', async () => {
    // The refusal races the client's writes; a few tries make a lost answer show.
    for (let i = 0; i < 8; i++) {
      const outcome = await sendBig(port, {
        path: '/api/v1/tweets',
        headers: { ...auth(), 'content-type': 'application/json' },
        declared: 2 * 1024 * 1024,
      });
      expectRefusal(outcome, 413, `try ${i + 1}`);
    }
  });

  it('a 2 GiB upload to a multipart route: the client reads the 413 and stops after a few MB', async () => {
    for (let i = 0; i < 3; i++) {
      const outcome = await sendBig(port, {
        path: '/api/v1/videos',
        headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=b' },
        declared: 2 * 1024 * 1024 * 1024,
      });
      expectRefusal(outcome, 413, `try ${i + 1}`);
      expect(outcome.sent).toBeLessThan(256 * 1024 * 1024);
    }
  });

  it('a 300 MB avatar, over the per-file limit: 413 naming the limit, read by the client', async () => {
    const outcome = await sendBig(port, {
      method: 'PATCH',
      path: '/api/v1/users/avatar',
      headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=b' },
      declared: 300 * 1024 * 1024,
    });
    expectRefusal(outcome, 413, 'avatar');
  });

  it('a tus PATCH refused before its bytes are read (a wrong offset): the client reads the 409', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        ...auth(),
        'tus-resumable': '1.0.0',
        'upload-length': String(50 * 1024 * 1024),
        'upload-metadata': `filename ${Buffer.from('a.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const tusVersion of ['1.0.0', '0.2.2']) {
      const outcome = await sendBig(port, {
        method: 'PATCH',
        path: String(created.headers.location),
        headers: {
          ...auth(),
          'tus-resumable': tusVersion,
          'upload-offset': '12345',
          'content-type': 'application/offset+octet-stream',
        },
        declared: 40 * 1024 * 1024,
      });
      expectRefusal(outcome, tusVersion === '1.0.0' ? 409 : 412, `tus PATCH, Tus-Resumable ${tusVersion}`);
    }
  });

  it('the connection is closed after the refusal, once the client stops sending', async () => {
    const closed = await new Promise<boolean>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/tweets',
          headers: {
            ...auth(),
            'content-type': 'application/json',
            'content-length': String(5 * 1024 * 1024),
          },
          agent: false,
        },
        (res) => {
          expect(res.statusCode).toBe(413);
          expect(res.headers.connection).toBe('close');
          res.resume();
          // The client sends nothing more: the server must not hold the socket for ever.
          req.socket?.once('close', () => resolve(true));
        },
      );
      req.on('error', () => undefined);
      req.write(Buffer.alloc(64 * 1024, 0x61));
      setTimeout(() => resolve(false), 15_000);
    });
    expect(closed).toBe(true);
  });
});
