import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenssl, issueCertificate, makeCa } from '../helpers/certificates.ts';
import { freePort } from '../helpers/server-process.ts';
import { until } from '../helpers/until.ts';
import { startSourceServer, type SourceServer } from '../helpers/source-process.ts';

// docs/deploy.md, "Recipe A": a certificate from an ACME CA proved by a DNS record (DNS-01), put
// where the server reads it by certbot's deploy hook, and taken by the running server on SIGHUP.
// Here the CA is pebble (the ACME server Let's Encrypt publishes for testing, from Debian) and the
// school's DNS provider is pebble-challtestsrv, whose TXT records certbot's manual hooks set
// through its HTTP API, where a school's certbot uses its provider's plugin. Everything else is
// the recipe as written: certbot certonly with a deploy hook, certbot renew, SIGHUP.

const NAME = 'learn.springfield-school.test';
const tools = ['pebble', 'pebble-challtestsrv', 'certbot', 'curl'];
const missing = tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
if (!hasOpenssl) missing.push('openssl');

// The name resolves to this machine, as the school's DNS would point it at the server.
const lookup = ((_host: string, options: { all?: boolean }, callback: (...a: unknown[]) => void) =>
  options.all
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(null, '127.0.0.1', 4)) as never;

/** GET over https trusting only `ca`; answers the status and the certificate the server sent. */
function get(url: string, ca: Buffer | string) {
  return new Promise<{ status: number; body: string; peer: X509Certificate }>((resolve, reject) => {
    const request = https.get(url, { ca, lookup, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          peer: new X509Certificate((res.socket as TLSSocket).getPeerCertificate().raw),
        }),
      );
    });
    request.on('error', reject);
  });
}

function daemon(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

describe.skipIf(missing.length > 0)(
  `recipe A: a certificate by DNS challenge, renewed into the running server${missing.length > 0 ? ` (needs ${missing.join(', ')}; .ci/run installs them)` : ''}`,
  () => {
    let dir: string;
    let acme: number;
    let acmeRoots: number;
    let dnsManagement: number;
    let port: number;
    const daemons: ChildProcess[] = [];
    let server: SourceServer | undefined;
    let tls: string;
    let certbotEnv: Record<string, string>;
    let certbotArgs: string[];

    const certbot = (args: string[]) => {
      const run = spawnSync('certbot', [...args, ...certbotArgs], {
        env: { ...process.env, ...certbotEnv },
        encoding: 'utf8',
        timeout: 120_000,
      });
      if (run.status !== 0)
        throw new Error(`certbot ${args[0]} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
      return run;
    };
    /** Pebble's root, which a phone would already trust for a public CA. */
    const pebbleRoot = async () => {
      const answer = await get(
        `https://localhost:${acmeRoots}/roots/0`,
        fs.readFileSync(path.join(dir, 'front', 'ca.pem')),
      );
      return answer.body;
    };

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-acme-'));
      // Pebble's own https front, for certbot to reach it: a certificate for localhost.
      const front = makeCa(path.join(dir, 'front'), 'ACME front CA');
      const frontCert = issueCertificate(front, 'localhost', 'pebble');
      [acme, acmeRoots, dnsManagement] = await Promise.all([freePort(), freePort(), freePort()]);
      const dns = await freePort();
      fs.writeFileSync(
        path.join(dir, 'pebble.json'),
        JSON.stringify({
          pebble: {
            listenAddress: `127.0.0.1:${acme}`,
            managementListenAddress: `127.0.0.1:${acmeRoots}`,
            certificate: frontCert.certFile,
            privateKey: frontCert.keyFile,
            httpPort: await freePort(),
            tlsPort: await freePort(),
            ocspResponderURL: '',
            externalAccountBindingRequired: false,
          },
        }),
      );
      const provider = daemon('pebble-challtestsrv', [
        '-defaultIPv4',
        '127.0.0.1',
        '-defaultIPv6',
        '',
        '-dns01',
        `127.0.0.1:${dns}`,
        '-management',
        `127.0.0.1:${dnsManagement}`,
        '-http01',
        '',
        '-https01',
        '',
        '-tlsalpn01',
        '',
      ]);
      daemons.push(provider.child);
      // PEBBLE_VA_NOSLEEP: no random pause before each check; nonces are not refused at random.
      const ca = daemon(
        'pebble',
        ['-config', path.join(dir, 'pebble.json'), '-dnsserver', `127.0.0.1:${dns}`],
        {
          PEBBLE_VA_NOSLEEP: '1',
          PEBBLE_WFE_NONCEREJECT: '0',
        },
      );
      daemons.push(ca.child);
      await until('pebble answering', async () =>
        (await get(`https://localhost:${acme}/dir`, front.caPem)).status === 200 ? true : undefined,
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${ca.output()}\n${provider.output()}`);
      });

      // The hooks: the provider's plugin sets and clears the _acme-challenge TXT record; the
      // deploy hook is docs/deploy.md's, with the systemd reload as the signal it sends.
      tls = path.join(dir, 'tls');
      fs.mkdirSync(tls);
      const hook = (name: string, body: string) => {
        const file = path.join(dir, name);
        fs.writeFileSync(file, `#!/bin/sh\nset -e\n${body}\n`, { mode: 0o755 });
        return file;
      };
      const setTxt = hook(
        'dns-set.sh',
        `curl -fsS -X POST -d "{\\"host\\":\\"_acme-challenge.$CERTBOT_DOMAIN.\\",\\"value\\":\\"$CERTBOT_VALIDATION\\"}" http://127.0.0.1:${dnsManagement}/set-txt`,
      );
      const clearTxt = hook(
        'dns-clear.sh',
        `curl -fsS -X POST -d "{\\"host\\":\\"_acme-challenge.$CERTBOT_DOMAIN.\\"}" http://127.0.0.1:${dnsManagement}/clear-txt`,
      );
      const deploy = hook(
        'eduportal-certificate',
        [
          `install -m 644 "$RENEWED_LINEAGE/fullchain.pem" ${tls}/cert.pem`,
          `install -m 600 "$RENEWED_LINEAGE/privkey.pem" ${tls}/key.pem`,
          `if [ -f ${dir}/server.pid ]; then kill -HUP "$(cat ${dir}/server.pid)"; fi`,
        ].join('\n'),
      );
      certbotEnv = { REQUESTS_CA_BUNDLE: front.caCert };
      certbotArgs = [
        '--non-interactive',
        '--agree-tos',
        '--register-unsafely-without-email',
        '--server',
        `https://localhost:${acme}/dir`,
        '--config-dir',
        path.join(dir, 'letsencrypt'),
        '--work-dir',
        path.join(dir, 'work'),
        '--logs-dir',
        path.join(dir, 'logs'),
      ];
      certbot([
        'certonly',
        '--manual',
        '--preferred-challenges',
        'dns',
        '--manual-auth-hook',
        setTxt,
        '--manual-cleanup-hook',
        clearTxt,
        '--deploy-hook',
        deploy,
        '-d',
        NAME,
      ]);

      port = await freePort();
      server = await startSourceServer({
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(dir, 'data'),
        TLS_CERT_FILE: path.join(tls, 'cert.pem'),
        TLS_KEY_FILE: path.join(tls, 'key.pem'),
        SESSION_SECRET: 'a-test-secret-that-is-at-least-32-characters',
      });
      fs.writeFileSync(path.join(dir, 'server.pid'), String(server.child.pid));
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      for (const child of daemons) child.kill('SIGTERM');
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('serves the certificate the CA issued after the DNS challenge, trusted by the CA root alone', async () => {
      const answer = await get(`https://${NAME}:${port}/api/v1/healthcheck`, await pebbleRoot());
      expect(answer.status).toBe(200);
      expect(answer.peer.subjectAltName).toContain(`DNS:${NAME}`);
      // Issued by the CA's intermediate, which the deploy hook's fullchain.pem carries.
      expect(answer.peer.issuer).toMatch(/Pebble Intermediate/);
    });

    it('takes the renewal that certbot renew deploys, without a restart', async () => {
      const root = await pebbleRoot();
      const before = (await get(`https://${NAME}:${port}/api/v1/healthcheck`, root)).peer.serialNumber;
      const pid = server!.child.pid;
      // As certbot's timer runs it, less its random pause of up to 8 minutes before renewing.
      certbot(['renew', '--force-renewal', '--no-random-sleep-on-renew']);
      const renewed = await until('the renewed certificate being served', async () => {
        const answer = await get(`https://${NAME}:${port}/api/v1/healthcheck`, root);
        return answer.peer.serialNumber !== before ? answer : undefined;
      });
      expect(renewed.status).toBe(200);
      expect(renewed.peer.subjectAltName).toContain(`DNS:${NAME}`);
      expect(server!.child.pid).toBe(pid);
      expect(server!.child.exitCode).toBeNull();
    }, 120_000);
  },
);
