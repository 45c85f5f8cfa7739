// The outbox keeps its queue in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/client/app/app.tsx';
import { createAppRouter } from '../../src/client/app/router.tsx';
import type { ApiClient } from '../../src/client/lib/api-client.ts';
import { Outbox } from '../../src/client/device/outbox/outbox.ts';
import { cacheDelivery, OutboxProvider } from '../../src/client/device/outbox/outbox-react.tsx';
import { OutboxDatabase } from '../../src/client/device/outbox/outbox-db.ts';
import { jpegWithExif, signIn } from '../helpers/http.ts';
import { uniqueName, useRealServer } from './real-server.ts';

// Each screen loads its route chunk, the session and a real server's lists before it shows.
configure({ asyncUtilTimeout: 5000 });

/**
 * Deleting a comment, the offline write added through the table of action kinds
 * (src/shared/outbox/kinds.ts): only its author sees Delete; the comment leaves the list at once,
 * waits in the outbox while there is no network, and reaches the server once.
 */
describe('deleting a comment', { timeout: 30_000 }, () => {
  const ctx = useRealServer({ RATE_LIMIT_WRITES_PER_MINUTE: '10000' });
  const opened: Array<{ outbox: Outbox; db: OutboxDatabase }> = [];
  let network: 'up' | 'down' = 'up';
  afterEach(async () => {
    await Promise.all(opened.map(({ outbox }) => outbox.dispose()));
    opened.forEach(({ db }) => db.close());
    opened.length = 0;
    network = 'up';
    vi.restoreAllMocks();
  });

  /** An outbox sending through the student's client, over a network the test can cut. */
  function outboxOf(api: ApiClient, userId: string): Outbox {
    const db = new OutboxDatabase(`comments-${randomUUID()}`);
    const outbox = new Outbox({
      db,
      transport: async (request, key) => {
        if (network === 'down') return { kind: 'network-error', message: 'fetch failed' };
        const init = { headers: { 'Idempotency-Key': key } };
        try {
          const result =
            request.method === 'DELETE'
              ? await api.delete(request.path, init)
              : await api.post(request.path, request.body, init);
          return { kind: 'answer', status: 200, body: { data: result.data } };
        } catch (err) {
          const status = (err as { status?: number }).status ?? 500;
          return { kind: 'answer', status, body: { message: String(err) } };
        }
      },
      refresh: () => api.refreshSession(),
    });
    outbox.setOwner(userId);
    outbox.onDelivered(cacheDelivery);
    opened.push({ outbox, db });
    return outbox;
  }

  /** A video of `api`'s student, with the multipart body written by hand (jsdom's FormData cannot be sent). */
  async function uploadVideo(username: string, title: string): Promise<string> {
    const boundary = `----comments-test-${randomUUID()}`;
    const text = (name: string, value: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const file = (name: string, part: { filename: string; type: string; data: Buffer }) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      ]);
    const { accessToken } = await signIn(ctx.server.app, username);
    const res = await ctx.server.app.inject({
      method: 'POST',
      url: '/api/v1/videos',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        text('title', title),
        text('description', 'A short lesson'),
        // jsdom's URL cannot name a file, so the clip is found from the repository's root.
        file('videoFile', {
          filename: 'clip.mp4',
          type: 'video/mp4',
          data: fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/clip.mp4')),
        }),
        file('thumbnail', await jpegWithExif(640, 360)),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { _id: string } }).data._id;
  }

  async function openVideo(api: ApiClient, outbox: Outbox, title: string) {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/videos'] }), api });
    render(
      <OutboxProvider outbox={outbox}>
        <App router={router} />
      </OutboxProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(title) }));
    return screen.findByRole('region', { name: /Comments/ });
  }

  it('lets only the author delete, hides the comment at once offline, and sends the delete once', async () => {
    const teacher = uniqueName('teacher');
    const owner = await ctx.signedIn(teacher);
    const title = `Fractions ${randomUUID().slice(0, 6)}`;
    const videoId = await uploadVideo(teacher, title);
    const author = await ctx.signedIn(uniqueName('author'));
    await author.api.post(`/comments/${videoId}`, { content: 'Someone else wrote this' });
    await new Promise((r) => setTimeout(r, 5));
    await owner.api.post(`/comments/${videoId}`, { content: 'My own question' });

    const outbox = outboxOf(owner.api, owner.userId);
    const section = await openVideo(owner.api, outbox, title);
    const mine = (await within(section).findByText('My own question')).closest('li')!;
    const theirs = within(section).getByText('Someone else wrote this').closest('li')!;
    expect(within(theirs).queryByRole('button', { name: 'Delete' })).toBeNull();

    network = 'down';
    vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    // Answering no keeps it; yes queues the delete and the comment leaves the list at once.
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    expect(within(section).getByText('My own question')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
      await outbox.idle();
    });
    await waitFor(() => expect(within(section).queryByText('My own question')).toBeNull());
    expect(within(section).getByText('Someone else wrote this')).toBeTruthy();
    const queued = await opened[0]!.db.entries.toArray();
    expect(queued.map((e) => e.action)).toEqual([
      { kind: 'comment.delete', videoId, commentId: expect.any(String) },
    ]);

    network = 'up';
    await act(async () => {
      await outbox.drainSoon(true);
      await outbox.idle();
    });
    expect(await opened[0]!.db.entries.count()).toBe(0);
    const left = await owner.api.get<{ docs: Array<{ content: string }> }>(`/comments/${videoId}`);
    expect(left.docs.map((c) => c.content)).toEqual(['Someone else wrote this']);
    await waitFor(() => expect(within(section).getByText(/\(1\)/)).toBeTruthy());
    expect(within(section).queryByText('My own question')).toBeNull();
  });
});
