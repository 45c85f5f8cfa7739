import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/client/app/app.tsx';
import { createAppRouter } from '../../src/client/app/router.tsx';
import { createApiClient, type ApiClient } from '../../src/client/lib/api-client.ts';
import { Outbox } from '../../src/client/device/outbox/outbox.ts';
import { cacheDelivery, OutboxProvider } from '../../src/client/device/outbox/outbox-react.tsx';
import { OutboxDatabase } from '../../src/client/device/outbox/outbox-db.ts';
import type { Tweet } from '../../src/shared/contracts/tweets.ts';
import { localRef } from '../../src/shared/outbox/model.ts';
import { bearer, jpegWithExif, signIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

// Each screen here loads its route chunk, the session and a real server's list before it shows
// anything; on a busy CI machine that can pass the default one second of findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });

/**
 * The tweet screens, rendered as the app renders them (router, session, SWR, outbox) against a
 * real server on a free port. The outbox's network can be cut at its edge, which is how a
 * student's writes come to wait on the device.
 */
let server: TestServer;
let baseUrl: string;

// Each test registers students (password hashing, avatar processing) and waits on real HTTP.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

beforeAll(async () => {
  server = await createTestServer('sqlite', {
    env: {
      RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
      RATE_LIMIT_REGISTER_PER_HOUR: '10000',
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    },
  });
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server.close();
});

let counter = 0;
const uniqueName = (prefix: string) =>
  `${prefix}_${(counter++).toString(36)}${Date.now().toString(36).slice(-5)}`;

interface Student {
  username: string;
  userId: string;
  token: string;
  api: ApiClient;
}

/**
 * The registration form's multipart body, written out by hand: under jsdom, FormData and Blob
 * are jsdom's, which Node's Response cannot encode (tests/helpers/http.ts's `multipart` hangs).
 */
async function register(app: TestServer['app'], username: string) {
  const boundary = `----tweets-test-${randomUUID()}`;
  const avatar = await jpegWithExif(200, 200);
  const fields = {
    username,
    email: `${username}@school.example`,
    fullName: `Student ${username}`,
    password: 'correct horse battery',
  };
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${avatar.filename}"\r\n` +
        `Content-Type: ${avatar.type}\r\n\r\n`,
    ),
    avatar.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** Registers a student; answers an API client signed in as them and a token for the outbox. */
async function student(prefix: string): Promise<Student> {
  const username = uniqueName(prefix);
  const res = await register(server.app, username);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const signedIn = await signIn(server.app, username);
  const api = createApiClient(baseUrl, { tokens: 'memory' });
  await api.post('/users/login', { username, password: 'correct horse battery' });
  return { username, userId: signedIn.userId, token: signedIn.accessToken, api };
}

async function postTweet(who: Student, content: string): Promise<Tweet> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/tweets',
    headers: { authorization: `Bearer ${who.token}` },
    payload: { content },
  });
  if (res.statusCode !== 201) throw new Error(`tweet failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Tweet }).data;
}

async function serverTweets(who: Student): Promise<Tweet[]> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/tweets/user/${who.userId}?limit=100`,
    headers: { authorization: `Bearer ${who.token}` },
  });
  return (res.json() as { data: { docs: Tweet[] } }).data.docs;
}

let network: 'up' | 'down' = 'up';
const outboxes: Array<{ outbox: Outbox; db: OutboxDatabase }> = [];

/** The student's outbox, in a database of its own, sending through a network the test controls. */
function outboxFor(who: Student): Outbox {
  const db = new OutboxDatabase(`test-${randomUUID()}`);
  const outbox = new Outbox({
    db,
    baseUrl,
    headers: () => bearer({ accessToken: who.token } as Parameters<typeof bearer>[0]),
    refresh: async () => false,
    fetch: (input, init) =>
      network === 'down' ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init),
  });
  // As the app's own outbox does: the server's answer to a delivered write goes into the cache.
  outbox.onDelivered(cacheDelivery);
  outboxes.push({ outbox, db });
  return outbox;
}

/** Brings the network back and lets the outbox send everything it holds. */
async function reconnect(outbox: Outbox) {
  network = 'up';
  await act(async () => {
    await outbox.idle();
    await outbox.drainSoon(true);
    await outbox.idle();
  });
}

async function renderAt(path: string, api: ApiClient, outbox: Outbox) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }), api });
  render(
    <OutboxProvider outbox={outbox}>
      <App router={router} />
    </OutboxProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return router;
}

afterEach(async () => {
  cleanup();
  // Stop this test's outboxes first: a drain finishing later would write into SWR's cache.
  await Promise.all(outboxes.map(({ outbox }) => outbox.dispose()));
  outboxes.forEach(({ db }) => db.close());
  outboxes.length = 0;
  // (setup.ts then empties SWR's cache.)
  network = 'up';
});

const list = (name: string) => screen.findByRole('list', { name });
const cards = (ol: HTMLElement) => within(ol).getAllByRole('listitem');
const textarea = () => screen.getByRole('textbox', { name: 'Tweet' }) as HTMLTextAreaElement;

describe('all tweets', () => {
  it('shows each tweet with its owner, text, likes and id, newest first, and pages with Show more', async () => {
    const ana = await student('ana');
    const ben = await student('ben');
    for (let i = 1; i <= 22; i += 1) await postTweet(ben, `Ben's note ${i}`);
    await new Promise((r) => setTimeout(r, 5));
    const newest = await postTweet(ana, 'Study group at 6 in the library');
    await renderAt('/tweets', ana.api, outboxFor(ana));

    const feed = await list('All tweets');
    await waitFor(() => expect(cards(feed)).toHaveLength(20));
    const first = cards(feed)[0]!;
    expect(within(first).getByText('Study group at 6 in the library')).toBeTruthy();
    const owner = within(first).getByRole('link', { name: ana.username });
    expect(owner.getAttribute('href')).toBe(`/userprofile1/${ana.username}`);
    expect(first.querySelector('img')?.getAttribute('src')).toMatch(/^\/media\/|^http/);
    expect(within(first).getByText(newest._id)).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Like this tweet' })).toBeTruthy();
    expect(within(first).getByLabelText('0 likes')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(cards(feed)).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('likes a tweet through the outbox and shows the server count', async () => {
    const ana = await student('ana');
    const ben = await student('ben');
    const tweet = await postTweet(ben, 'Who has the physics notes?');
    const outbox = outboxFor(ana);
    await renderAt('/tweets', ana.api, outbox);
    const card = (await screen.findByText('Who has the physics notes?')).closest('li')!;

    fireEvent.click(within(card).getByRole('button', { name: 'Like this tweet' }));
    await waitFor(() => expect(within(card).getByLabelText('1 like')).toBeTruthy());
    await act(() => outbox.idle());
    await waitFor(() => expect(within(card).queryByText('Pending')).toBeNull());
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/tweets/t/${tweet._id}`,
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect((res.json() as { data: Tweet }).data).toMatchObject({ liked: true, likesCount: 1 });
  });

  it('shows waiting writes at once: a new tweet on top, an edit with its new text, a delete hidden', async () => {
    const ana = await student('ana');
    const edited = await postTweet(ana, 'Exam on Monday');
    const removed = await postTweet(ana, 'Typo tweet');
    const outbox = outboxFor(ana);
    await renderAt('/tweets', ana.api, outbox);
    const feed = await list('All tweets');
    await screen.findByText('Typo tweet');

    network = 'down';
    await act(async () => {
      await outbox.enqueue({ kind: 'tweet.create', content: 'Written on the bus' });
      await outbox.enqueue({ kind: 'tweet.update', tweet: edited._id, content: 'Exam moved to Tuesday' });
      await outbox.enqueue({ kind: 'tweet.delete', tweet: removed._id });
      await outbox.idle();
    });

    await waitFor(() => expect(within(feed).queryByText('Typo tweet')).toBeNull());
    const [top, second] = cards(feed);
    expect(within(top!).getByText('Written on the bus')).toBeTruthy();
    expect(within(top!).getByText('Pending')).toBeTruthy();
    expect(within(top!).getByText('given when sent')).toBeTruthy();
    expect(within(second!).getByText('Exam moved to Tuesday')).toBeTruthy();
    expect(within(second!).getByText('Pending')).toBeTruthy();
    expect(within(feed).queryByText('Exam on Monday')).toBeNull();
    expect(await serverTweets(ana)).toHaveLength(2);

    await reconnect(outbox);
    await waitFor(() => expect(within(feed).queryByText('Pending')).toBeNull());
    expect(within(feed).getByText('Written on the bus')).toBeTruthy();
    expect(within(feed).getByText('Exam moved to Tuesday')).toBeTruthy();
    expect(within(feed).queryByText('Typo tweet')).toBeNull();
    const onServer = await serverTweets(ana);
    expect(onServer.map((t) => t.content).sort()).toEqual(['Exam moved to Tuesday', 'Written on the bus']);
    // The tweet written offline now shows the id the server gave it.
    const sent = onServer.find((t) => t.content === 'Written on the bus')!;
    await waitFor(() => expect(within(feed).getByText(sent._id)).toBeTruthy());
  });

  it('says "You are offline" and still shows the waiting tweets when the server cannot be reached', async () => {
    const ana = await student('ana');
    const outbox = outboxFor(ana);
    network = 'down';
    await outbox.enqueue({ kind: 'tweet.create', content: 'Kept on my phone' });
    await outbox.idle();
    // A server that is not there: the app opened with no connection at all.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    await renderAt('/tweets', createApiClient(`http://127.0.0.1:${port}`, { tokens: 'memory' }), outbox);

    expect(await screen.findByText('You are offline.')).toBeTruthy();
    const feed = await list('All tweets');
    expect(within(feed).getByText('Kept on my phone')).toBeTruthy();
    expect(within(feed).getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when there are no tweets', async () => {
    const fresh = await createTestServer('sqlite');
    const url = await fresh.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const username = uniqueName('solo');
      await register(fresh.app, username);
      const api = createApiClient(url, { tokens: 'memory' });
      await api.post('/users/login', { username, password: 'correct horse battery' });
      const { accessToken } = await signIn(fresh.app, username);
      await renderAt('/tweets', api, outboxFor({ username, userId: '', token: accessToken, api }));
      expect(await screen.findByText('No tweets yet. Be the first to write one.')).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });
});

describe('my tweets', () => {
  it('shows "data not found" and a Create New Tweet button when you have none', async () => {
    const ana = await student('ana');
    await postTweet(await student('ben'), 'Not Ana’s');
    await renderAt('/getusertweets', ana.api, outboxFor(ana));
    expect(await screen.findByText('data not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create New Tweet' }).getAttribute('href')).toBe('/createtweet');
  });

  it('lists only your tweets, each with its owner, Update Tweet link, text, id and Delete Tweet', async () => {
    const ana = await student('ana');
    await postTweet(await student('ben'), 'Ben only');
    const mine = await postTweet(ana, 'Mine only');
    await renderAt('/getusertweets', ana.api, outboxFor(ana));
    const feed = await list('My tweets');
    await waitFor(() => expect(cards(feed)).toHaveLength(1));
    const card = cards(feed)[0]!;
    expect(within(card).getByRole('link', { name: ana.username })).toBeTruthy();
    expect(within(card).getByText('Mine only')).toBeTruthy();
    expect(within(card).getByText(mine._id)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Update Tweet' }).getAttribute('href')).toBe(
      `/updatetweet/${mine._id}`,
    );
    expect(within(card).getByRole('button', { name: 'Delete Tweet' })).toBeTruthy();
    expect(screen.queryByText('Ben only')).toBeNull();
  });

  it('deletes a tweet after asking, then goes to /tweets, where the tweet is gone', async () => {
    const ana = await student('ana');
    await postTweet(ana, 'Keep me');
    await postTweet(ana, 'Delete me');
    const outbox = outboxFor(ana);
    const router = await renderAt('/getusertweets', ana.api, outbox);
    const card = (await screen.findByText('Delete me')).closest('li')!;

    fireEvent.click(within(card).getByRole('button', { name: 'Delete Tweet' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/getusertweets');
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Tweet' }));
    expect(within(card).getByText('Delete this tweet?')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, delete' }));

    await screen.findByRole('heading', { level: 1, name: 'All tweets' });
    expect(router.state.location.pathname).toBe('/tweets');
    await screen.findByText('Keep me');
    expect(screen.queryByText('Delete me')).toBeNull();
    await act(() => outbox.idle());
    expect((await serverTweets(ana)).map((t) => t.content)).toEqual(['Keep me']);
  });
});

describe('create and update tweet', () => {
  it('checks the text as the server would, keeps it when the check fails, and counts as you type', async () => {
    const ana = await student('ana');
    const outbox = outboxFor(ana);
    const router = await renderAt('/createtweet', ana.api, outbox);
    await screen.findByRole('textbox', { name: 'Tweet' });
    expect(screen.getByText('0 / 280')).toBeTruthy();

    fireEvent.change(textarea(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Tweet' }));
    expect(await screen.findByText('Tweet is required')).toBeTruthy();

    const long = 'a'.repeat(281);
    fireEvent.change(textarea(), { target: { value: long } });
    expect(screen.getByText('281 / 280')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Tweet' }));
    expect(await screen.findByText('Tweet is at most 280 characters')).toBeTruthy();
    expect(textarea().value).toBe(long);
    expect(textarea().getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/createtweet');
    expect(await serverTweets(ana)).toHaveLength(0);
  });

  it('creates a tweet (trimmed), goes to My Tweets, and the server has it once', async () => {
    const ana = await student('ana');
    const outbox = outboxFor(ana);
    const router = await renderAt('/createtweet', ana.api, outbox);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tweet' }), {
      target: { value: '  Finished chapter 4!  ' },
    });
    expect(screen.getByText('19 / 280')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Tweet' }));

    await screen.findByRole('heading', { level: 1, name: 'My tweets' });
    expect(router.state.location.pathname).toBe('/getusertweets');
    const feed = await list('My tweets');
    await waitFor(() => expect(within(feed).getByText('Finished chapter 4!')).toBeTruthy());
    await act(() => outbox.idle());
    await waitFor(() => expect(within(feed).queryByText('Pending')).toBeNull());
    expect((await serverTweets(ana)).map((t) => t.content)).toEqual(['Finished chapter 4!']);
  });

  it('creates a tweet offline: My Tweets shows it pending, and it reaches the server on reconnect', async () => {
    const ana = await student('ana');
    const outbox = outboxFor(ana);
    network = 'down';
    await renderAt('/createtweet', ana.api, outbox);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tweet' }), {
      target: { value: 'No signal here' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Tweet' }));
    const feed = await list('My tweets');
    const card = (await within(feed).findByText('No signal here')).closest('li')!;
    expect(within(card).getByText('Pending')).toBeTruthy();
    const [entry] = await outboxes[0]!.db.entries.toArray();
    expect(within(card).getByRole('link', { name: 'Update Tweet' }).getAttribute('href')).toContain(
      entry!.id,
    );

    // Its update screen reads the text from the outbox: the server has never seen it.
    fireEvent.click(within(card).getByRole('link', { name: 'Update Tweet' }));
    await screen.findByRole('heading', { level: 1, name: 'Update tweet' });
    await waitFor(() => expect(textarea().value).toBe('No signal here'));
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await screen.findByRole('heading', { level: 1, name: 'My tweets' });

    await reconnect(outbox);
    const after = await list('My tweets');
    await waitFor(() => expect(within(after).queryByText('Pending')).toBeNull());
    expect(within(after).getByText('No signal here')).toBeTruthy();
    expect((await serverTweets(ana)).map((t) => t.content)).toEqual(['No signal here']);
  });

  it('updates a tweet loaded from the server and shows the new text in My Tweets', async () => {
    const ana = await student('ana');
    const tweet = await postTweet(ana, 'Quiz at 9');
    const outbox = outboxFor(ana);
    const router = await renderAt(`/updatetweet/${tweet._id}`, ana.api, outbox);
    await waitFor(() => expect(textarea().value).toBe('Quiz at 9'));
    fireEvent.change(textarea(), { target: { value: 'Quiz at 10, room 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Tweet' }));

    await screen.findByRole('heading', { level: 1, name: 'My tweets' });
    expect(router.state.location.pathname).toBe('/getusertweets');
    await screen.findByText('Quiz at 10, room 4');
    await act(() => outbox.idle());
    expect((await serverTweets(ana)).map((t) => t.content)).toEqual(['Quiz at 10, room 4']);
    await waitFor(() => expect(screen.queryByText('Pending')).toBeNull());
    expect(screen.queryByText('Quiz at 9')).toBeNull();
  });

  it('edits a tweet still waiting on the device by its local reference, folding the edit into it', async () => {
    const ana = await student('ana');
    const outbox = outboxFor(ana);
    network = 'down';
    const id = (await outbox.enqueue({ kind: 'tweet.create', content: 'Draft from the bus' }))!;
    await outbox.idle();
    await renderAt(`/updatetweet/${localRef(id)}`, ana.api, outbox);
    await waitFor(() => expect(textarea().value).toBe('Draft from the bus'));
    fireEvent.change(textarea(), { target: { value: 'Final from the bus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Tweet' }));

    const feed = await list('My tweets');
    const card = (await within(feed).findByText('Final from the bus')).closest('li')!;
    expect(within(card).getByText('Pending')).toBeTruthy();
    await reconnect(outbox);
    expect((await serverTweets(ana)).map((t) => t.content)).toEqual(['Final from the bus']);
  });

  it('opens the server copy when a link to a tweet made offline is followed after it was sent', async () => {
    const ana = await student('ana');
    const outbox = outboxFor(ana);
    const id = (await outbox.enqueue({ kind: 'tweet.create', content: 'Sent since the link was made' }))!;
    await outbox.idle();
    const [sent] = await serverTweets(ana);
    const router = await renderAt(`/updatetweet/${localRef(id)}`, ana.api, outbox);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/updatetweet/${sent!._id}`));
    await waitFor(() => expect(textarea().value).toBe('Sent since the link was made'));
  });

  it('explains when a tweet cannot be updated: not found, someone else’s, or no longer waiting', async () => {
    const ana = await student('ana');
    const bens = await postTweet(await student('ben'), 'Ben’s tweet');
    const outbox = outboxFor(ana);
    await renderAt('/updatetweet/no-such-tweet', ana.api, outbox);
    expect(await screen.findByText('There is no such tweet; it may have been deleted.')).toBeTruthy();
    cleanup();

    await renderAt(`/updatetweet/${bens._id}`, ana.api, outbox);
    expect(await screen.findByText('You can update only your own tweets.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    cleanup();

    await renderAt(`/updatetweet/${localRef(randomUUID())}`, ana.api, outbox);
    expect(await screen.findByText(/no longer waiting on this device/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Tweets' }).getAttribute('href')).toBe(
      '/getusertweets',
    );
  });
});
