import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

const cwd = '/srv/eduportal';

describe('configuration', () => {
  it('runs with no configuration: localhost:8080, SQLite and media under ./data', () => {
    const config = loadConfig({}, cwd);
    expect(config.host).toBe('localhost');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.join(cwd, 'data'));
    expect(config.mediaDir).toBe(path.join(cwd, 'data', 'media'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(cwd, 'data', 'eduportal.sqlite') });
  });

  it('takes PORT, HOST, DATA_DIR and a PostgreSQL DATABASE_URL', () => {
    const config = loadConfig(
      { PORT: '9000', HOST: '0.0.0.0', DATA_DIR: '/var/lib/edu', DATABASE_URL: 'postgres://u:p@db/edu' },
      cwd,
    );
    expect(config.port).toBe(9000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.mediaDir).toBe('/var/lib/edu/media');
    expect(config.database).toEqual({ kind: 'postgres', connectionString: 'postgres://u:p@db/edu' });
  });

  it('keeps the single box free of Redis and S3 unless they are named', () => {
    const config = loadConfig({}, cwd);
    expect(config.redisUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.migrateAtStart).toBe(true);
    expect(config.instanceId).toMatch(/^.+:\d+$/);
  });

  it('takes the settings of several instances (docs/deploy.md)', () => {
    const config = loadConfig(
      {
        INSTANCE_ID: 'app-2',
        REDIS_URL: 'redis://cache:6379',
        MIGRATE_AT_START: 'false',
        S3_ENDPOINT: 'http://store:7480',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      cwd,
    );
    expect(config.instanceId).toBe('app-2');
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.migrateAtStart).toBe(false);
    expect(config.s3).toEqual({
      endpoint: 'http://store:7480',
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses half an S3 or Redis configuration', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://store:7480' }, cwd)).toThrow(/S3_BUCKET must be set/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }, cwd)).toThrow(/set together/);
    expect(() => loadConfig({ REDIS_URL: 'cache:6379' }, cwd)).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ INSTANCE_ID: 'has space' }, cwd)).toThrow(/INSTANCE_ID/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }, cwd).database.kind).toBe('sqlite');
  });

  it('refuses bad values, naming every one of them', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' }, cwd);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT must be a whole number from 0 to 65535, got "eighty"');
    expect(problems).toMatch(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(problems).toMatch(/LOG_LEVEL/);
    expect(problems).toContain('TRUST_PROXY must be true or false, got "maybe"');
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' }, cwd)).toThrow(/PORT must be a whole number from 0 to 65535/);
  });

  it('takes a certificate, its key and a redirect port for https, and refuses half of it', () => {
    const config = loadConfig(
      {
        TLS_CERT_FILE: 'tls/cert.pem',
        TLS_KEY_FILE: '/etc/edu/key.pem',
        HTTP_REDIRECT_PORT: '80',
        PORT: '443',
      },
      cwd,
    );
    expect(config.tls).toEqual({ certFile: path.join(cwd, 'tls/cert.pem'), keyFile: '/etc/edu/key.pem' });
    expect(config.httpRedirectPort).toBe(80);
    expect(loadConfig({}, cwd).tls).toBeUndefined();
    expect(() => loadConfig({ TLS_CERT_FILE: 'cert.pem' }, cwd)).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/);
    expect(() => loadConfig({ HTTP_REDIRECT_PORT: '80' }, cwd)).toThrow(/needs TLS_CERT_FILE/);
    expect(() =>
      loadConfig({ TLS_CERT_FILE: 'c', TLS_KEY_FILE: 'k', HTTP_REDIRECT_PORT: 'eighty' }, cwd),
    ).toThrow(/HTTP_REDIRECT_PORT must be a whole number from 1 to 65535, got "eighty"/);
    expect(() =>
      loadConfig({ TLS_CERT_FILE: 'c', TLS_KEY_FILE: 'k', HTTP_REDIRECT_PORT: '8080' }, cwd),
    ).toThrow(/must differ from PORT/);
  });
});
