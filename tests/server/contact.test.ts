import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContactRepository } from '../../src/server/modules/contact/contact.repository.ts';
import { databaseKinds } from '../helpers/databases.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

describe.each(databaseKinds)('POST /api/v1/contact on %s', (kind) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(kind);
  });
  afterEach(async () => {
    await server.close();
  });

  const post = (payload: unknown) =>
    server.app.inject({ method: 'POST', url: '/api/v1/contact', payload: payload as object });

  it('stores a valid message and answers 201 with its id', async () => {
    const res = await post({
      name: '  Asha  ',
      email: 'Asha@School.EDU',
      mobile: '9876543210',
      message: 'Hello',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 201,
      success: true,
      message: 'Thank you, your message was received',
    });
    expect(Date.parse(body.data.createdAt)).not.toBeNaN();

    const stored = await new ContactRepository(server.database.db.kysely).findById(body.data._id);
    expect(stored).toEqual({
      id: body.data._id,
      name: 'Asha',
      email: 'asha@school.edu',
      mobile: '9876543210',
      message: 'Hello',
      createdAt: body.data.createdAt,
    });
  });

  it('accepts a message without a mobile number, or with an empty one', async () => {
    for (const mobile of [undefined, '']) {
      const res = await post({ name: 'Ravi', email: 'ravi@example.org', mobile, message: 'Hi' });
      expect(res.statusCode).toBe(201);
      const stored = await new ContactRepository(server.database.db.kysely).findById(res.json().data._id);
      expect(stored?.mobile).toBeNull();
    }
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const res = await post({ name: ' ', email: 'not-an-email', mobile: '12ab', message: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, success: false, data: null });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        { field: 'email', message: 'Email is not a valid e-mail address' },
        { field: 'mobile', message: 'Mobile must be 6 to 15 digits, optionally starting with +' },
        { field: 'message', message: 'Message is required' },
      ]),
    );
    const count = await server.database.db.kysely
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('names missing fields as required', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        { field: 'email', message: 'Email is required' },
        { field: 'message', message: 'Message is required' },
      ]),
    );
  });
});
