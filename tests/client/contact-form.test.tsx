// The offline case queues in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/client/lib/api-client.ts';
import { Outbox } from '../../src/client/device/outbox/outbox.ts';
import { OutboxDatabase } from '../../src/client/device/outbox/outbox-db.ts';
import { ContactForm } from '../../src/client/features/marketing/contact-form.tsx';
import {
  createContactSender,
  emailJsConfigFrom,
  queuedMessage,
  type EmailJsConfig,
} from '../../src/client/features/marketing/contact-sender.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

function fill(values: Partial<Record<'Name' | 'Email' | 'Mobile' | 'Message', string>>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(field(label), { target: { value } });
  }
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  });
}

const values = () => ['Name', 'Email', 'Mobile', 'Message'].map((label) => field(label).value);

describe('the contact form without EmailJS, against the real server', () => {
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    server = await createTestServer('sqlite');
    baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  const stored = () => server.database.db.kysely.selectFrom('contact_messages').selectAll().execute();

  beforeEach(() => {
    render(<ContactForm sender={createContactSender({ api: createApiClient(baseUrl), emailJs: null })} />);
  });

  it('has the spec fields: Name, Email, optional numeric Mobile, multi-line Message', () => {
    expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeTruthy();
    expect(field('Name').required).toBe(true);
    expect(field('Email').required).toBe(true);
    expect(field('Mobile').required).toBe(false);
    expect(field('Mobile').type).toBe('tel');
    expect(field('Message').tagName).toBe('TEXTAREA');
    expect(field('Message').required).toBe(true);
  });

  it('sends, says so, and clears the form', async () => {
    fill({
      Name: 'Asha Rao',
      Email: 'asha@school.example',
      Mobile: '9876543210',
      Message: 'Hello from class 9',
    });
    await submit();
    expect((await screen.findByText('Thank you, your message was received')).getAttribute('role')).toBe(
      'status',
    );
    expect(values()).toEqual(['', '', '', '']);
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(await stored()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Asha Rao',
          email: 'asha@school.example',
          message: 'Hello from class 9',
        }),
      ]),
    );
  });

  it('keeps the text and shows the server’s message under each refused field', async () => {
    fill({ Name: 'Ravi', Email: 'ravi@', Mobile: '12345', Message: 'Do you have maths courses?' });
    const before = (await stored()).length;
    await submit();
    expect(await screen.findByText('Email is not a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Mobile must be 6 to 15 digits, optionally starting with +')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields and send again.');
    expect(values()).toEqual(['Ravi', 'ravi@', '12345', 'Do you have maths courses?']);
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Email'));
    expect(screen.getByRole('status').textContent).toBe('');
    expect((await stored()).length).toBe(before);

    // Correcting a field clears its message.
    fill({ Email: 'ravi@school.example' });
    expect(screen.queryByText('Email is not a valid e-mail address')).toBeNull();
  });

  it('checks the required fields and the numeric mobile before sending anything', async () => {
    const before = (await stored()).length;
    fill({ Mobile: '98-76' });
    await submit();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.getByText('Mobile must be digits only, optionally starting with +')).toBeTruthy();
    expect(document.activeElement).toBe(field('Name'));
    expect((await stored()).length).toBe(before);
  });

  it('shows every field’s problem at once, formats and lengths included, not one per try', async () => {
    const before = (await stored()).length;
    fill({ Email: 'ravi@', Mobile: '123', Message: 'x'.repeat(5001) });
    await submit();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is not a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Mobile must be 6 to 15 digits, optionally starting with +')).toBeTruthy();
    expect(screen.getByText('Message is at most 5000 characters')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      'Please correct the marked fields and send again.',
    ]);
    expect((await stored()).length).toBe(before);
  });
});

describe('the contact form with no connection', () => {
  let server: TestServer;
  let baseUrl: string;
  let outbox: Outbox;

  beforeAll(async () => {
    server = await createTestServer('sqlite');
    baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await outbox.dispose();
    await server.close();
  });

  it('keeps the message in the outbox, says so, and delivers it once when the server is back', async () => {
    const stored = () => server.database.db.kysely.selectFrom('contact_messages').selectAll().execute();
    // Nothing listens on port 9: the form's own attempt finds no server, as when offline.
    const unreachable = createApiClient('http://127.0.0.1:9');
    const db = new OutboxDatabase(`contact-${Date.now()}`);
    outbox = new Outbox({ db, baseUrl, refresh: async () => false });
    const queued: string[] = [];
    const sender = createContactSender({
      api: unreachable,
      emailJs: null,
      queue: (action, key) => {
        queued.push(key);
        return outbox.enqueue(action, { id: key });
      },
    });
    render(<ContactForm sender={sender} />);
    fill({ Name: 'Meena', Email: 'meena@school.example', Message: 'Sent from the bus, no signal' });
    await submit();

    expect((await screen.findByText(queuedMessage())).getAttribute('role')).toBe('status');
    expect(values()).toEqual(['', '', '', '']);
    expect(queued).toHaveLength(1);

    // The outbox's transport reaches the real server: the entry goes out under the form's key.
    await outbox.idle();
    expect(await db.entries.count()).toBe(0);
    const rows = (await stored()).filter((r) => r.message === 'Sent from the bus, no signal');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Meena', email: 'meena@school.example' });
    // A second delivery of the same entry (a lost answer) is a replay, not a second message.
    const replay = await fetch(`${baseUrl}/api/v1/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': queued[0]! },
      body: JSON.stringify({
        name: 'Meena',
        email: 'meena@school.example',
        message: 'Sent from the bus, no signal',
      }),
    });
    expect(replay.status).toBe(201);
    expect((await stored()).filter((r) => r.message === 'Sent from the bus, no signal')).toHaveLength(1);
  });
});

/**
 * A stand-in for the browser's XMLHttpRequest that answers only EmailJS's send endpoint, the one
 * request emailjs-com makes; anything else fails the test.
 */
function stubEmailJs(answer: { status: number; text: string } | 'network-error') {
  const requests: { method: string; url: string; body: unknown }[] = [];
  class FakeXhr extends EventTarget {
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: string) {
      if (this.url !== 'https://api.emailjs.com/api/v1.0/email/send') {
        throw new Error(`Unexpected request to ${this.url}`);
      }
      requests.push({ method: this.method, url: this.url, body: JSON.parse(body) });
      setTimeout(() => {
        if (answer === 'network-error') {
          this.dispatchEvent(new Event('error'));
          return;
        }
        this.status = answer.status;
        this.responseText = answer.text;
        this.dispatchEvent(new Event('load'));
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}

describe('the contact form with EmailJS configured', () => {
  const config: EmailJsConfig = { serviceId: 'service_abc', templateId: 'template_xyz', publicKey: 'pk_123' };
  // The API client points nowhere: with EmailJS configured the form must not use it.
  const sender = createContactSender({ api: createApiClient('http://127.0.0.1:9'), emailJs: config });

  beforeEach(() => {
    render(<ContactForm sender={sender} />);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const complete = { Name: 'Asha Rao', Email: 'asha@school.example', Mobile: '', Message: 'Hello' };

  it('is used only when service, template and public key are all set', () => {
    expect(emailJsConfigFrom({})).toBeNull();
    expect(
      emailJsConfigFrom({
        VITE_EMAILJS_SERVICE_ID: 's',
        VITE_EMAILJS_TEMPLATE_ID: 't',
        VITE_EMAILJS_PUBLIC_KEY: ' ',
      }),
    ).toBeNull();
    expect(
      emailJsConfigFrom({
        VITE_EMAILJS_SERVICE_ID: 's',
        VITE_EMAILJS_TEMPLATE_ID: 't',
        VITE_EMAILJS_PUBLIC_KEY: 'k',
      }),
    ).toEqual({ serviceId: 's', templateId: 't', publicKey: 'k' });
  });

  it('sends through EmailJS, says so, and clears the form', async () => {
    const requests = stubEmailJs({ status: 200, text: 'OK' });
    fill(complete);
    await submit();
    expect((await screen.findByText('Thank you, your message was sent.')).getAttribute('role')).toBe(
      'status',
    );
    expect(values()).toEqual(['', '', '', '']);
    expect(requests).toEqual([
      {
        method: 'POST',
        url: 'https://api.emailjs.com/api/v1.0/email/send',
        body: {
          lib_version: '3.2.0',
          user_id: 'pk_123',
          service_id: 'service_abc',
          template_id: 'template_xyz',
          template_params: {
            from_name: 'Asha Rao',
            from_email: 'asha@school.example',
            mobile: '',
            message: 'Hello',
          },
        },
      },
    ]);
  });

  it('says the message was not sent and keeps the text when EmailJS refuses it', async () => {
    stubEmailJs({ status: 400, text: 'The Public Key is invalid' });
    fill(complete);
    await submit();
    expect(
      await screen.findByText(
        'Your message was not sent. The e-mail service refused it. Please try again later.',
      ),
    ).toBeTruthy();
    expect(values()).toEqual(['Asha Rao', 'asha@school.example', '', 'Hello']);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says the message was not sent when EmailJS cannot be reached', async () => {
    stubEmailJs('network-error');
    fill(complete);
    await submit();
    expect(
      await screen.findByText(
        'Your message was not sent. The e-mail service could not be reached. Check your connection and try again.',
      ),
    ).toBeTruthy();
    expect(values()).toEqual(['Asha Rao', 'asha@school.example', '', 'Hello']);
  });

  it('checks the e-mail address itself, since no server of ours sees the message', async () => {
    const requests = stubEmailJs({ status: 200, text: 'OK' });
    fill({ ...complete, Email: 'asha@' });
    await submit();
    expect(await screen.findByText('Email is not a valid e-mail address')).toBeTruthy();
    expect(field('Email').value).toBe('asha@');
    expect(requests).toEqual([]);
  });
});
