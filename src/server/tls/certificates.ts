import fs from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { createSecureContext, type SecureContextOptions, type Server as TlsServer } from 'node:tls';

export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

export interface CertificatePair {
  cert: Buffer;
  key: Buffer;
  /** The first certificate's names and end of validity, for the log. */
  subject: string;
  validTo: Date;
}

/** A certificate or key that cannot be used, with a sentence an operator can act on. */
export class CertificateError extends Error {
  override name = 'CertificateError';
}

function readPem(file: string, what: string, setting: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'permission denied' : code;
    throw new CertificateError(`${setting}: cannot read the ${what} at ${file} (${why})`);
  }
}

/**
 * Reads and checks a certificate chain and its private key: both PEM, the key the certificate's.
 * Checked here, before a server uses them, so that a bad renewal is refused with a sentence
 * instead of breaking every connection.
 */
export function readCertificates({ certFile, keyFile }: TlsFiles): CertificatePair {
  const cert = readPem(certFile, 'certificate', 'TLS_CERT_FILE');
  const key = readPem(keyFile, 'private key', 'TLS_KEY_FILE');
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch {
    throw new CertificateError(`TLS_CERT_FILE: ${certFile} is not a PEM certificate`);
  }
  try {
    createSecureContext({ cert, key });
  } catch (err) {
    const message = (err as Error).message;
    throw new CertificateError(
      /mismatch/i.test(message)
        ? `TLS_KEY_FILE: the key in ${keyFile} is not the key of the certificate in ${certFile}`
        : `TLS_KEY_FILE: ${keyFile} is not a usable PEM private key (${message})`,
    );
  }
  const names = x509.subjectAltName ?? x509.subject.replaceAll('\n', ', ');
  return { cert, key, subject: names, validTo: new Date(x509.validTo) };
}

export interface CertificateLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface CertificateWatch {
  /** Reads the files again and gives them to the server; answers whether it took them. */
  reload(reason: string): boolean;
  stop(): void;
}

/**
 * Keeps a running TLS server on the newest certificate: on `reload()` (SIGHUP) and whenever
 * either file changes. The files are polled by their status (`fs.watchFile`), not watched through
 * inotify, because a renewal usually replaces a symbolic link or renames a new file over the old
 * one, which an inotify watch on the old file never sees. A pair that fails its checks (a
 * certificate written before its key, say) is refused and the server keeps the pair it has; the
 * next change is tried again.
 */
export function watchCertificates(
  server: Pick<TlsServer, 'setSecureContext'>,
  files: TlsFiles,
  log: CertificateLog,
  { intervalMs = 5000 }: { intervalMs?: number } = {},
): CertificateWatch {
  const reload = (reason: string): boolean => {
    let pair: CertificatePair;
    try {
      pair = readCertificates(files);
    } catch (err) {
      log.warn(
        { reason, problem: (err as Error).message },
        'certificate not reloaded: the server keeps the one it has',
      );
      return false;
    }
    const options: SecureContextOptions = { cert: pair.cert, key: pair.key };
    server.setSecureContext(options);
    log.info({ reason, subject: pair.subject, validTo: pair.validTo.toISOString() }, 'certificate reloaded');
    return true;
  };
  const onChange = (current: fs.Stats, previous: fs.Stats) => {
    if (
      current.mtimeMs === previous.mtimeMs &&
      current.size === previous.size &&
      current.ino === previous.ino
    )
      return;
    reload('file changed');
  };
  fs.watchFile(files.certFile, { interval: intervalMs, persistent: false }, onChange);
  fs.watchFile(files.keyFile, { interval: intervalMs, persistent: false }, onChange);
  return {
    reload,
    stop() {
      fs.unwatchFile(files.certFile, onChange);
      fs.unwatchFile(files.keyFile, onChange);
    },
  };
}
