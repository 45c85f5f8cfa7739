import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Whether openssl runs here (Debian's base system has it; the TLS tests skip saying so otherwise). */
export const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

export interface TestCa {
  dir: string;
  caCert: string;
  caKey: string;
  /** The CA's certificate, PEM, for a client's trust list. */
  caPem: Buffer;
  /** Base64 SHA-256 of the CA's SubjectPublicKeyInfo: Chromium then trusts what the CA signs. */
  spki: string;
}

export interface ServerCertificate {
  certFile: string;
  keyFile: string;
  /** Base64 SHA-256 of the certificate's SubjectPublicKeyInfo: what Chromium's SPKI flag takes. */
  spki: string;
  serial: string;
}

function spkiOf(pem: Buffer): string {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** A school's own certificate authority, made in `dir` (docs/deploy.md, "A closed network"). */
export function makeCa(dir: string, name = 'Test School CA'): TestCa {
  fs.mkdirSync(dir, { recursive: true });
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '30',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  const caPem = fs.readFileSync(path.join(dir, 'ca.pem'));
  return {
    dir,
    caCert: path.join(dir, 'ca.pem'),
    caKey: path.join(dir, 'ca.key'),
    caPem,
    spki: spkiOf(caPem),
  };
}

let counter = 0;

/** A server certificate for `host` signed by `ca`, written as `<prefix>.pem` and `<prefix>.key`. */
export function issueCertificate(
  ca: TestCa,
  host: string,
  prefix = `server-${++counter}`,
): ServerCertificate {
  const { dir } = ca;
  const ext = path.join(dir, `${prefix}.ext`);
  const isIp = /^[\d.]+$/.test(host);
  fs.writeFileSync(
    ext,
    [
      `subjectAltName=${isIp ? 'IP' : 'DNS'}:${host}`,
      'basicConstraints=CA:FALSE',
      'keyUsage=digitalSignature',
      'extendedKeyUsage=serverAuth',
      '',
    ].join('\n'),
  );
  openssl(
    [
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      `${prefix}.key`,
      '-out',
      `${prefix}.csr`,
      '-subj',
      `/CN=${host}`,
    ],
    dir,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${prefix}.csr`,
      '-CA',
      ca.caCert,
      '-CAkey',
      ca.caKey,
      '-CAcreateserial',
      '-out',
      `${prefix}.pem`,
      '-days',
      '7',
      '-extfile',
      ext,
    ],
    dir,
  );
  const certFile = path.join(dir, `${prefix}.pem`);
  const pem = fs.readFileSync(certFile);
  // The chain a server sends: its certificate, then the CA's (what certbot calls fullchain.pem).
  fs.writeFileSync(certFile, Buffer.concat([pem, ca.caPem]));
  return {
    certFile,
    keyFile: path.join(dir, `${prefix}.key`),
    spki: spkiOf(pem),
    serial: new X509Certificate(pem).serialNumber,
  };
}
