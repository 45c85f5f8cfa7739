import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { CurrentUser, LoginResult } from '../../shared/contracts/users.ts';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint.ts';
import { ApiError, type ApiClient } from './api-client.ts';
import { rememberedUser, rememberUser } from './device-user.ts';
import { clearPrivateData } from './private-data.ts';
import { createStore } from './store.ts';
import { usersApi } from '../../shared/endpoints/users.ts';

export type SessionState =
  | { status: 'loading'; user: null }
  /**
   * `offline`: the server could not be asked, and this is the user last signed in on this
   * device; asked again when the connection returns.
   */
  | { status: 'signed-in'; user: CurrentUser; offline?: boolean }
  | { status: 'signed-out'; user: null }
  /** The server could not be asked (offline): signed-in screens open and say so themselves. */
  | { status: 'unreachable'; user: null; error: Error };

export interface Session {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** The current user, asked of the server once; asked again only after it could not be reached. */
  load(): Promise<SessionState>;
  signIn(username: string, password: string): Promise<CurrentUser>;
  /**
   * Asks the server again when the user is known only from this device (a saved copy, or the
   * remembered user) or the server could not be reached: the connection may be back.
   */
  recheck(): Promise<SessionState>;
  /** Replaces the user after the account, avatar or cover was changed. */
  setUser(user: CurrentUser): void;
  /** Ends the session on the server; refuses (throws) when the server cannot be reached. */
  signOut(): Promise<void>;
}

const loading: SessionState = { status: 'loading', user: null };
const signedOut: SessionState = { status: 'signed-out', user: null };

/** The signed-in user of one app, shared by the router's guard and every screen. */
/** Whether the server's session hint cookie is there (see SESSION_HINT_COOKIE). */
function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return true;
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

export function createSession(api: ApiClient): Session {
  const store = createStore<SessionState>(loading);
  let pending: Promise<SessionState> | null = null;
  const set = store.set;
  const signedIn = (user: CurrentUser) => {
    rememberUser(user);
    set({ status: 'signed-in', user });
  };
  const end = () => {
    set(signedOut);
    void clearPrivateData();
  };

  // A refresh the server refused means the session is over, whichever call found out.
  api.onSessionEnded(() => {
    if (store.get().status === 'signed-in') end();
  });

  async function fetchUser(): Promise<SessionState> {
    try {
      let savedAt: string | null = null;
      const user = await api.get<CurrentUser>(usersApi.currentUser.path(), {
        onAnswer: (at) => (savedAt = at),
      });
      // The worker's saved copy (no network): the same user, but the server has not said so yet.
      if (savedAt) set({ status: 'signed-in', user, offline: true });
      else signedIn(user);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        if (store.get().status === 'signed-in' || rememberedUser()) end();
        else set(signedOut);
      } else {
        const known = err instanceof ApiError ? null : rememberedUser();
        set(
          known
            ? { status: 'signed-in', user: known, offline: true }
            : {
                status: 'unreachable',
                user: null,
                error: err instanceof Error ? err : new Error(String(err)),
              },
        );
      }
    }
    return store.get();
  }
  // One question to the server at a time, whoever asks.
  const ask = () =>
    (pending ??= fetchUser().finally(() => {
      pending = null;
    }));

  const recheck = () => {
    const state = store.get();
    return (state.status === 'signed-in' && state.offline) || state.status === 'unreachable'
      ? ask()
      : Promise.resolve(state);
  };
  // Back online: a user known only from this device is confirmed (or signed out) by the server.
  if (typeof window !== 'undefined') window.addEventListener('online', () => void recheck());

  return {
    getState: store.get,
    subscribe: store.subscribe,
    load() {
      const state = store.get();
      // No session can exist without the server's hint cookie, and nobody is remembered here:
      // signed out, without two 401 round trips (current-user, then a refresh) on a slow link.
      if (
        api.tokenMode === 'cookies' &&
        state.status === 'loading' &&
        !hasSessionHint() &&
        !rememberedUser()
      ) {
        set(signedOut);
        return Promise.resolve(store.get());
      }
      return state.status === 'loading' || state.status === 'unreachable' ? ask() : Promise.resolve(state);
    },
    async signIn(username, password) {
      const { data } = await api.post<LoginResult>(usersApi.login.path(), { username, password });
      signedIn(data.user);
      return data.user;
    },
    recheck,
    setUser: signedIn,
    async signOut() {
      try {
        await api.post(usersApi.logout.path());
      } catch (err) {
        // Already ended on the server (expired, or signed out elsewhere): signed out all the same.
        if (!(err instanceof ApiError && err.status === 401)) throw err;
      }
      await clearPrivateData();
      set(signedOut);
    },
  };
}

const ApiContext = createContext<ApiClient | null>(null);
const SessionContext = createContext<Session | null>(null);

export function SessionProvider({
  api,
  session,
  children,
}: {
  api: ApiClient;
  session: Session;
  children: ReactNode;
}) {
  return (
    <ApiContext value={api}>
      <SessionContext value={session}>{children}</SessionContext>
    </ApiContext>
  );
}

/** The API client of this app (a test points it at its own server). */
export function useApi(): ApiClient {
  const api = use(ApiContext);
  if (!api) throw new Error('useApi needs a SessionProvider');
  return api;
}

/** The session store and its current state; re-renders when either changes. */
export function useSession(): { session: Session; state: SessionState } {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return { session, state };
}

/** The signed-in user, or null when signed out, still loading or unreachable. */
export function useCurrentUser(): CurrentUser | null {
  return useSession().state.user;
}
