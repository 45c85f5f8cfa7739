import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/lib/api-client.ts';
import { rememberedUser } from '../../src/client/lib/device-user.ts';
import { createSession } from '../../src/client/lib/session.tsx';
import { password, uniqueName, useRealServer } from './real-server.ts';

// Nothing listens on port 9: a client pointed there is a phone with no connection.
const offlineClient = () => createApiClient('http://127.0.0.1:9', { tokens: 'memory' });
const stored = () => localStorage.getItem('eduportal-user');

describe('the signed-in student, known offline', () => {
  const ctx = useRealServer();

  async function signInOnThisDevice() {
    const username = uniqueName('device');
    await ctx.signedIn(username);
    const api = ctx.client();
    const session = createSession(api);
    const user = await session.signIn(username, password);
    return { api, session, user };
  }

  it('remembers who signed in, and opens as them when the server cannot be reached', async () => {
    const { user } = await signInOnThisDevice();
    expect(JSON.parse(stored()!)).toMatchObject({ _id: user._id, username: user.username });

    const offline = createSession(offlineClient());
    const state = await offline.load();
    expect(state).toMatchObject({ status: 'signed-in', offline: true, user: { _id: user._id } });
  });

  it('says the server is out of reach when nobody was signed in on this device', async () => {
    const state = await createSession(offlineClient()).load();
    expect(state.status).toBe('unreachable');
  });

  it('forgets the student when the server says the session is over', async () => {
    await signInOnThisDevice();
    expect(stored()).not.toBeNull();
    // A client with no session at all: the server answers 401 and refreshing cannot help.
    const state = await createSession(ctx.client()).load();
    expect(state.status).toBe('signed-out');
    expect(stored()).toBeNull();
  });

  it('forgets the student at sign-out', async () => {
    const { session } = await signInOnThisDevice();
    await session.signOut();
    expect(session.getState().status).toBe('signed-out');
    expect(stored()).toBeNull();
    expect((await createSession(offlineClient()).load()).status).toBe('unreachable');
  });

  it('ignores a remembered value that is not a user', () => {
    localStorage.setItem('eduportal-user', '{"name":"not a user"}');
    expect(rememberedUser()).toBeNull();
    expect(stored()).toBeNull();
    localStorage.setItem('eduportal-user', 'not json');
    expect(rememberedUser()).toBeNull();
  });
});
