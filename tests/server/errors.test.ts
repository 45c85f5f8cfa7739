import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { AppError } from '../../src/server/errors.ts';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';

describe('errors are the JSON envelope, always', () => {
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = {
      ...loadConfig(
        { DATA_DIR: database.dir, CLIENT_DIR: '/nonexistent', SESSION_SECRET: 's'.repeat(32) },
        database.dir,
      ),
      database: database.config,
    };
    app = await buildApp({ config, db: database.db, logger: false });
    // Routes that fail on purpose, to see what a client gets from an unexpected failure.
    app.get('/api/v1/test/crash', async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    app.get('/api/v1/test/forbidden', async () => {
      throw new AppError(403, 'Only the owner may do this');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    for (const url of ['/api/v1/nope', '/api/nope', '/api', '/api/v1/videos/x/y/z?q=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ statusCode: 404, success: false, data: null });
    }
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/nope' });
    expect(res.json().message).toBe('No route for DELETE /api/v1/nope');
  });

  it('hides the detail of an unexpected failure', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
    expect(res.json()).toEqual({
      statusCode: 500,
      success: false,
      message: 'Something went wrong on our side. Please try again in a moment.',
      data: null,
      errors: [{ message: 'Something went wrong on our side. Please try again in a moment.' }],
    });
  });

  it('passes a service error through with its status and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/forbidden' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: 'Only the owner may do this' });
  });

  it('answers malformed JSON with 400 and an unsupported body type with 415', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'The request body is not valid JSON' });

    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/xml' },
      payload: '<contact/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ statusCode: 415, success: false });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'A', email: 'a@b.co', message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      statusCode: 413,
      success: false,
      message: 'The request body is too large',
    });
  });

  it('sends security headers, including a Content-Security-Policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/healthcheck' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
