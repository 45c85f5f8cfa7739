import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenssl, issueCertificate, makeCa, type TestCa } from '../helpers/certificates.ts';
import { jpegWithExif, multipart } from '../helpers/http.ts';
import { freePort } from '../helpers/server-process.ts';
import { until } from '../helpers/until.ts';
import { runOps, startSourceServer, type SourceServer } from '../helpers/source-process.ts';

// https from the server itself (docs/deploy.md, "https"): a school's own CA and a certificate for
// a name that is not localhost, made here with openssl; every client below trusts only that CA.
const NAME = 'school.test';
// The name resolves to this machine, as the school's DNS would point it at the server.
const lookup = ((_host: string, options: { all?: boolean }, callback: (...a: unknown[]) => void) =>
  options.all
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(null, '127.0.0.1', 4)) as never;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  alpn: string | false | null | undefined;
  serial: string;
}

/** One request over HTTP/2, on a session that trusts only the test CA. */
async function h2(
  port: number,
  ca: Buffer,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Answer> {
  const session = http2.connect(`https://${NAME}:${port}`, { ca, lookup });
  try {
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve());
      session.once('error', reject);
    });
    const socket = session.socket as TLSSocket;
    const request = session.request({ ':method': 'GET', ...headers });
    if (body !== undefined) request.end(body);
    else request.end();
    const [status, responseHeaders] = await new Promise<[number, http2.IncomingHttpHeaders]>(
      (resolve, reject) => {
        request.once('response', (h) => resolve([Number(h[':status']), h]));
        request.once('error', reject);
      },
    );
    let text = '';
    request.setEncoding('utf8');
    for await (const chunk of request) text += chunk as string;
    return {
      status,
      headers: responseHeaders,
      body: text,
      alpn: socket.alpnProtocol,
      serial: socket.getPeerCertificate().serialNumber,
    };
  } finally {
    session.close();
  }
}

/** One request over HTTP/1.1 with TLS; `alpn` undefined offers no ALPN at all (an old client). */
function h1(port: number, ca: Buffer, urlPath: string, alpn: string[] | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      {
        host: NAME,
        port,
        path: urlPath,
        ca,
        lookup,
        agent: false,
        ...(alpn ? { ALPNProtocols: alpn } : {}),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const socket = res.socket as TLSSocket;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            alpn: socket.alpnProtocol,
            serial: socket.getPeerCertificate().serialNumber,
          });
        });
      },
    );
    request.on('error', reject);
  });
}

function plain(port: number, method: string, urlPath: string, host: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, setHost: false },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: '',
            alpn: undefined,
            serial: '',
          }),
        );
      },
    );
    if (host !== undefined) request.setHeader('Host', host);
    request.on('error', reject);
    request.end();
  });
}

describe.skipIf(!hasOpenssl)('https from the server itself (needs openssl)', () => {
  let dir: string;
  let ca: TestCa;
  let server: SourceServer;
  let port: number;
  let redirectPort: number;
  let certFile: string;
  let keyFile: string;
  let firstSerial: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-https-'));
    ca = makeCa(path.join(dir, 'ca'));
    const first = issueCertificate(ca, NAME);
    firstSerial = first.serial;
    // The files the server is told about; renewals below copy new pairs over them.
    certFile = path.join(dir, 'live-cert.pem');
    keyFile = path.join(dir, 'live-key.pem');
    fs.copyFileSync(first.certFile, certFile);
    fs.copyFileSync(first.keyFile, keyFile);
    port = await freePort();
    redirectPort = await freePort();
    server = await startSourceServer({
      HOST: '127.0.0.1',
      PORT: String(port),
      HTTP_REDIRECT_PORT: String(redirectPort),
      DATA_DIR: path.join(dir, 'data'),
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
      SESSION_SECRET: 'a-test-secret-that-is-at-least-32-characters',
    });
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('speaks HTTP/2 to a client that offers h2, with a certificate for the school name', async () => {
    const answer = await h2(port, ca.caPem, { ':path': '/api/v1/healthcheck' });
    expect(answer.alpn).toBe('h2');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).success).toBe(true);
    expect(answer.serial).toBe(firstSerial);
  });

  it('speaks HTTP/1.1 over TLS to clients that offer only http/1.1 or no ALPN at all', async () => {
    const offered = await h1(port, ca.caPem, '/api/v1/healthcheck', ['http/1.1']);
    expect(offered.alpn).toBe('http/1.1');
    expect(offered.status).toBe(200);
    const old = await h1(port, ca.caPem, '/api/v1/healthcheck', undefined);
    expect(old.status).toBe(200);
    expect(JSON.parse(old.body).success).toBe(true);
  });

  it('redirects plain http on HTTP_REDIRECT_PORT to https on PORT, keeping host, path and query', async () => {
    const get = await plain(redirectPort, 'GET', '/videos?page=2', `${NAME}:${redirectPort}`);
    expect(get.status).toBe(301);
    expect(get.headers.location).toBe(`https://${NAME}:${port}/videos?page=2`);
    // Another method keeps its method and body through a 308.
    const post = await plain(redirectPort, 'POST', '/api/v1/likes/toggle/v/1', NAME);
    expect(post.status).toBe(308);
    expect(post.headers.location).toBe(`https://${NAME}:${port}/api/v1/likes/toggle/v/1`);
    // A Host header that is not a host name is never written into a Location.
    const forged = await plain(redirectPort, 'GET', '/', 'evil.example/"><script>');
    expect(forged.status).toBe(400);
    expect(forged.headers.location).toBeUndefined();
    const none = await plain(redirectPort, 'GET', '/', undefined);
    expect(none.status).toBe(400);
  });

  it('signs a student up and in over HTTP/2, sets secure cookies, and takes a resumable upload', async () => {
    const origin = `https://${NAME}:${port}`;
    const form = await multipart({
      username: 'asha',
      email: 'asha@school.example',
      fullName: 'Asha',
      password: 'correct horse battery',
      avatar: await jpegWithExif(),
    });
    const registered = await h2(
      port,
      ca.caPem,
      { ':method': 'POST', ':path': '/api/v1/users/register', origin, ...form.headers },
      form.payload,
    );
    expect(registered.status).toBe(201);
    const login = await h2(
      port,
      ca.caPem,
      { ':method': 'POST', ':path': '/api/v1/users/login', origin, 'content-type': 'application/json' },
      JSON.stringify({ username: 'asha', password: 'correct horse battery' }),
    );
    expect(login.status).toBe(200);
    const cookies = login.headers['set-cookie'] as string[];
    expect(cookies.find((c) => c.startsWith('refreshToken='))).toMatch(/;\s*Secure/i);
    const token = JSON.parse(login.body).data.accessToken as string;
    // tus over HTTP/2: its requests carry HTTP/2's pseudo-headers, which tus must never see.
    const created = await h2(port, ca.caPem, {
      ':method': 'POST',
      ':path': '/api/v1/uploads',
      origin,
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': '10',
      'upload-metadata': `filename ${Buffer.from('a.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
    });
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    const patched = await h2(
      port,
      ca.caPem,
      {
        ':method': 'PATCH',
        ':path': new URL(location, origin).pathname,
        origin,
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      Buffer.from('0123456789'),
    );
    expect(patched.status).toBe(204);
    expect(patched.headers['upload-offset']).toBe('10');
  });

  it('answers a body refused for its size with its 413 over HTTP/2', async () => {
    const answer = await h2(
      port,
      ca.caPem,
      { ':method': 'POST', ':path': '/api/v1/contact', 'content-type': 'application/json' },
      JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).success).toBe(false);
  });

  it('takes a renewed certificate on SIGHUP, refuses a pair that does not match, and takes one written later', async () => {
    const renewed = issueCertificate(ca, NAME);
    fs.copyFileSync(renewed.keyFile, keyFile);
    fs.copyFileSync(renewed.certFile, certFile);
    server.child.kill('SIGHUP');
    await until('the SIGHUP reload', async () => {
      const answer = await h2(port, ca.caPem, { ':path': '/api/v1/healthcheck' });
      return answer.serial === renewed.serial ? answer : undefined;
    });

    // A certificate written without its key: refused, and the server keeps serving the last pair.
    const next = issueCertificate(ca, NAME);
    fs.copyFileSync(next.certFile, certFile);
    await until('the refusal in the log', async () =>
      server.output().includes('certificate not reloaded') ? true : undefined,
    );
    const still = await h2(port, ca.caPem, { ':path': '/api/v1/healthcheck' });
    expect(still.status).toBe(200);
    expect(still.serial).toBe(renewed.serial);

    // Its key arrives: the change is seen without a signal.
    fs.copyFileSync(next.keyFile, keyFile);
    const answer = await until('the reload on file change', async () => {
      const probe = await h2(port, ca.caPem, { ':path': '/api/v1/healthcheck' });
      return probe.serial === next.serial ? probe : undefined;
    });
    expect(answer.status).toBe(200);
  }, 120_000);

  it('refuses to start, in one line naming the setting, when the key cannot be read', () => {
    const run = runOps('src/server/main.ts', [], {
      PORT: '0',
      DATA_DIR: path.join(dir, 'data-2'),
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: path.join(dir, 'missing.key'),
    });
    expect(run.code).toBe(78);
    expect(run.stderr).toContain(
      `TLS_KEY_FILE: cannot read the private key at ${path.join(dir, 'missing.key')}`,
    );
  });
});
