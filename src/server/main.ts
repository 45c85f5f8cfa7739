import type { Server as TlsServer } from 'node:tls';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { MediaJournal } from './modules/media/media-journal.ts';
import { MediaLibrary } from './modules/media/media-library.ts';
import { MediaRepository } from './modules/media/media.repository.ts';
import { activeUploads } from './plugins/uploads.ts';
import { openStorage } from './storage/open.ts';
import {
  CertificateError,
  readCertificates,
  watchCertificates,
  type CertificatePair,
} from './tls/certificates.ts';
import { createRedirectServer } from './tls/redirect.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`EduPortal cannot start.\n${err.message}\nSee .env.example for every setting.\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

/** The certificate named by TLS_CERT_FILE and TLS_KEY_FILE, or an exit with the reason why not. */
function readTls(config: Config): CertificatePair | undefined {
  if (!config.tls) return undefined;
  try {
    return readCertificates(config.tls);
  } catch (err) {
    if (err instanceof CertificateError) {
      process.stderr.write(`EduPortal cannot start.\n${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

export async function main(): Promise<void> {
  const config = readConfig();
  const certificate = readTls(config);
  const storage = await openStorage(config);
  // Uploads that a crash interrupted are never finished: drop them.
  await storage.clearTemp();

  const db = openDatabase(config.database);
  // Under a lock, so N instances starting at once migrate once (docs/deploy.md, "Migrations");
  // MIGRATE_AT_START=false leaves it to `npm run migrate`, run once per deploy.
  if (config.migrateAtStart) {
    try {
      const { results } = await migrateToLatest(db);
      for (const r of results ?? []) process.stdout.write(`migration ${r.migrationName}: ${r.status}\n`);
    } catch (err) {
      await db.close().catch(() => undefined);
      throw err;
    }
  }

  // Files that this instance's previous process was publishing when it died, and those of any
  // instance whose lease has run out: removed now, before listening, on either database
  // (docs/api.md, "The media invariants"). Its lease is renewed first, so no other instance
  // takes this one for dead.
  const journal = new MediaJournal(db.kysely, config.instanceId, config.jobLeaseSeconds * 1000);
  const library = new MediaLibrary(storage, new MediaRepository(db.kysely), undefined, journal);
  await journal.renew();
  const recovered = await library.recover({ ownPreviousLife: true });
  if (recovered.length > 0) {
    process.stdout.write(`media: removed ${recovered.length} file(s) that a crash left half-published\n`);
  }

  // Files a crash left without a row (docs/api.md, "Media"). On SQLite this process is the only
  // writer and has not started listening, so nothing is in flight and no file is spared; on
  // PostgreSQL other instances may be publishing, so the grace period holds (the journal above
  // has already taken what a crash of this instance cut off).
  await db.exclusive('media sweep', async () => {
    const sweep = await library.sweep(
      config.database.kind === 'sqlite' ? 0 : config.mediaSweepGraceSeconds * 1000,
    );
    if (sweep.deleted.length > 0) {
      process.stdout.write(`media: removed ${sweep.deleted.length} file(s) that no row named\n`);
    }
  });

  const app = await buildApp({
    config,
    db,
    ...(certificate ? { tls: { cert: certificate.cert, key: certificate.key } } : {}),
  });
  const redirect = config.httpRedirectPort !== undefined ? createRedirectServer(config.port) : undefined;
  let certificates: ReturnType<typeof watchCertificates> | undefined;

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const uploads = activeUploads();
    if (uploads > 0) {
      // Worth an operator's eye: a stop that waits on a student's upload instead of cutting it.
      app.log.warn(
        { signal, uploadsInFlight: uploads, graceSeconds: config.shutdownGraceSeconds },
        `shutting down: waiting up to ${config.shutdownGraceSeconds} s for ${uploads} upload(s) in flight`,
      );
    } else {
      app.log.info({ signal }, 'shutting down');
    }
    const force = setTimeout(() => {
      app.log.error(
        { uploadsInFlight: activeUploads() },
        `shutdown took longer than ${config.shutdownGraceSeconds} s (SHUTDOWN_GRACE_SECONDS); exiting`,
      );
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000);
    force.unref();
    certificates?.stop();
    redirect?.close();
    redirect?.closeAllConnections();
    // Stop taking requests and finish the ones in flight, then close the database so that
    // SQLite checkpoints its WAL and PostgreSQL's connections end cleanly.
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // A closed terminal or a service manager's hangup: stop as cleanly as on SIGTERM. A server that
  // speaks https takes SIGHUP as "reload the certificate" instead (below), as daemons do.
  if (!config.tls) process.on('SIGHUP', shutdown);

  await app.listen({ host: config.host, port: config.port });
  const dbLabel = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  if (config.tls && certificate) {
    certificates = watchCertificates(app.server as unknown as TlsServer, config.tls, app.log);
    // SIGHUP is what `systemctl reload` and certbot's deploy hooks send (docs/deploy.md).
    process.on('SIGHUP', () => certificates?.reload('SIGHUP'));
    app.log.info(
      { subject: certificate.subject, validTo: certificate.validTo.toISOString() },
      'https: HTTP/2 and HTTP/1.1 over TLS',
    );
  }
  if (redirect && config.httpRedirectPort !== undefined) {
    await new Promise<void>((resolve, reject) => {
      redirect.once('error', reject);
      redirect.listen(config.httpRedirectPort, config.host, () => resolve());
    });
    app.log.info(`plain http on port ${config.httpRedirectPort} redirects to https on port ${config.port}`);
  }
  const scheme = config.tls ? 'https' : 'http';
  app.log.info(
    `EduPortal is serving ${scheme}://${shownHost}:${config.port} (database: ${dbLabel}, data: ${config.dataDir})`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`EduPortal failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
