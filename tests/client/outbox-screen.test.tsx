// The outbox keeps its queue in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/client/app/app.tsx';
import { createAppRouter } from '../../src/client/app/router.tsx';
import type { ApiClient } from '../../src/client/lib/api-client.ts';
import { Outbox } from '../../src/client/device/outbox/outbox.ts';
import { apiTransport, OutboxProvider } from '../../src/client/device/outbox/outbox-react.tsx';
import { OutboxDatabase } from '../../src/client/device/outbox/outbox-db.ts';
import { uniqueName, useRealServer } from './real-server.ts';

// The screen and the top bar's badge are loaded on demand, and the server is real: on a busy
// machine that can take longer than findBy's default second.
configure({ asyncUtilTimeout: 5000 });

describe('the outbox screen', { timeout: 20_000 }, () => {
  const ctx = useRealServer();
  const opened: Array<{ outbox: Outbox; db: OutboxDatabase }> = [];
  afterEach(async () => {
    await Promise.all(opened.map(({ outbox }) => outbox.dispose()));
    opened.forEach(({ db }) => db.close());
    opened.length = 0;
    vi.restoreAllMocks();
  });

  /** A signed-in student's outbox; `offline`, every send fails before reaching the server. */
  async function studentWithOutbox({ offline = false } = {}) {
    const { api, userId } = await ctx.signedIn(uniqueName('outbox'));
    const db = new OutboxDatabase(`outbox-screen-${randomUUID()}`);
    const outbox = offline
      ? new Outbox({
          db,
          transport: async () => ({ kind: 'network-error', message: 'offline' }),
          refresh: async () => false,
        })
      : new Outbox({ db, transport: apiTransport(api), refresh: () => api.refreshSession() });
    outbox.setOwner(userId);
    opened.push({ outbox, db });
    return { api, db, outbox };
  }

  function showOutbox(api: ApiClient, outbox: Outbox) {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/outbox'] }), api });
    render(
      <OutboxProvider outbox={outbox}>
        <App router={router} />
      </OutboxProvider>,
    );
  }

  it('shows an action the server refused with its reason, and lets the student retry or discard it', async () => {
    const { api, db, outbox } = await studentWithOutbox();
    // A comment on a video deleted meanwhile: the server refuses it for good (404).
    await outbox.enqueue({ kind: 'comment.create', videoId: 'deleted-video', content: 'Great explanation!' });
    await outbox.idle();
    const [failed] = await db.entries.toArray();
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed!.error).toBeTruthy();

    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/outbox'] }), api });
    render(
      <OutboxProvider outbox={outbox}>
        <App router={router} />
      </OutboxProvider>,
    );
    const item = (await screen.findByText('Great explanation!')).closest('li')!;
    expect(within(item).getByText('Comment on a video')).toBeTruthy();
    expect(within(item).getByText(`Not sent: ${failed!.error}`)).toBeTruthy();
    // Refused, it is not sent again by itself: the screen does not promise that it will be.
    const summary = document.querySelector('.outbox-summary')!.textContent!;
    expect(summary).not.toContain('sent as soon as the server answers');
    expect(summary).toContain('The server refused it');
    // The top bar's badge counts it and says that something was not sent.
    expect(await screen.findByRole('link', { name: 'Outbox: 1 waiting, some not sent' })).toBeTruthy();

    // Retry sends it again (the server still refuses: a second attempt is recorded).
    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: 'Retry' }));
      await outbox.idle();
    });
    await waitFor(async () =>
      expect((await db.entries.toArray())[0]).toMatchObject({ state: 'failed', attempts: 2 }),
    );

    // Discard asks first; answering no keeps it, yes removes it.
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const discard = async () => {
      await act(async () => {
        fireEvent.click(
          within(screen.getByText('Great explanation!').closest('li')!).getByRole('button', {
            name: 'Discard',
          }),
        );
      });
    };
    await discard();
    expect(await db.entries.count()).toBe(1);
    await discard();
    expect(confirm).toHaveBeenCalledTimes(2);
    await screen.findByText('Nothing is waiting: everything you did has reached the server.');
    expect(await db.entries.count()).toBe(0);
  });

  it('says which video a waiting like is for, by its title', async () => {
    const { api, outbox: offline } = await studentWithOutbox({ offline: true });
    await offline.enqueue({
      kind: 'like',
      target: 'v',
      targetId: 'v1',
      liked: true,
      about: 'Fractions on a line',
    });
    await offline.enqueue({
      kind: 'like',
      target: 'c',
      targetId: 'c1',
      liked: false,
      about: 'Thank you, this helped',
    });
    await offline.idle();

    showOutbox(api, offline);
    await screen.findByText('Like the video “Fractions on a line”');
    expect(screen.getByText('Remove your like from the comment “Thank you, this helped”')).toBeTruthy();
    expect(screen.getByText('2 actions are saved on this device.', { exact: false }).textContent).toContain(
      'They are sent as soon as the server answers.',
    );
  });

  it('lists waiting actions in order with what each one is', async () => {
    // No connection: every send fails before reaching the server.
    const { api, outbox: offline } = await studentWithOutbox({ offline: true });
    await offline.enqueue({ kind: 'tweet.create', content: 'First, from the bus' });
    await offline.enqueue({ kind: 'like', target: 'v', targetId: 'v1', liked: true });
    await offline.enqueue({ kind: 'subscribe', channelId: 'c1', subscribed: true });
    await offline.idle();

    showOutbox(api, offline);
    await screen.findByText('First, from the bus');
    const items = screen.getAllByRole('listitem').filter((li) => li.classList.contains('outbox-item'));
    expect(items.map((li) => li.querySelector('.outbox-what')?.textContent)).toEqual([
      'New tweet',
      'Like a video',
      'Subscribe to a channel',
    ]);
    expect(screen.getByText('3 actions are saved on this device.', { exact: false })).toBeTruthy();
    expect(within(items[0]!).getByText(/^Waiting: tried 1 time, next try at /)).toBeTruthy();
  });
});
