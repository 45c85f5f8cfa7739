import type { Envelope, FieldError } from '../../shared/contracts/envelope.ts';
import { SAVED_AT_HEADER } from '../../shared/offline.ts';
import type { FetchLike } from '../../shared/outbox/drain.ts';
import { noteRead } from './saved-copies.ts';
import { API_PREFIX } from '../../shared/api-prefix.ts';
import { usersApi } from '../../shared/endpoints/users.ts';

/** A refusal from the server, with the contract's message and per-field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server could not be reached at all (offline, DNS, connection dropped). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('You appear to be offline. Check your connection and try again.', { cause });
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Told, for a read answered, when the service worker saved the copy it gave (null: fresh). */
  onAnswer?: (savedAt: string | null) => void;
  /** Extra headers, such as the outbox's `Idempotency-Key`. */
  headers?: Record<string, string>;
}

export interface UploadOptions extends RequestOptions {
  method?: 'POST' | 'PATCH';
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** A write's answer: the envelope's `data` and its `message`. */
export interface WriteResult<T> {
  data: T;
  message: string;
}

export interface ApiClient {
  /** Where this client keeps the session's tokens (see TokenMode). */
  readonly tokenMode: TokenMode;
  get<T>(path: string, init?: RequestOptions): Promise<T>;
  /** A JSON write; without a body nothing is sent (no Content-Type either). */
  post<T>(path: string, body?: unknown, init?: RequestOptions): Promise<WriteResult<T>>;
  patch<T>(path: string, body: unknown, init?: RequestOptions): Promise<WriteResult<T>>;
  /** A JSON write that sets the whole of something (a course's ordered lessons). */
  put<T>(path: string, body: unknown, init?: RequestOptions): Promise<WriteResult<T>>;
  delete<T>(path: string, init?: RequestOptions): Promise<WriteResult<T>>;
  /**
   * A multipart upload through XMLHttpRequest, the one browser API that reports upload
   * progress. Aborting the signal cancels it (the promise rejects with an AbortError).
   */
  postForm<T>(path: string, form: FormData, init?: UploadOptions): Promise<WriteResult<T>>;
  /**
   * `fetch` for this API with this client's credentials, answering whatever the server says: no
   * refresh, no throw on a status. The outbox sends through it, and its drain renews the session
   * once per 401 through `refreshSession`, the same refresh every other call shares.
   */
  send: FetchLike;
  /** See `refreshSession` below. */
  refreshSession(): Promise<boolean>;
  /** Called when the server refuses to refresh the session: the user is signed out. */
  onSessionEnded(listener: () => void): () => void;
}

/**
 * Where the tokens live. `cookies` (the app): the server's httpOnly cookies, never seen by
 * script. `memory`: kept in this object and sent as `Authorization: Bearer`; for tests, whose
 * fetch has no cookie jar. The browser build always uses cookies.
 */
export type TokenMode = 'cookies' | 'memory';

export interface ApiClientOptions {
  tokens?: TokenMode;
  /**
   * Told of every successful read: `savedAt` is when the service worker saved the copy it
   * answered with while offline (ISO time), or null for a fresh answer from the server.
   */
  onRead?: (path: string, savedAt: string | null) => void;
}

// These answer 401 for a wrong password or a dead refresh token; refreshing would not help.
const noRefresh = new Set([usersApi.login, usersApi.refreshToken, usersApi.register].map((e) => e.path()));

function parseEnvelope<T>(status: number, contentType: string, text: string): Envelope<T> {
  if (!contentType.includes('application/json')) {
    throw new ApiError(status, `The server answered ${status} without data`);
  }
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    throw new ApiError(status, `The server answered ${status} with unreadable data`);
  }
}

function settle<T>(status: number, ok: boolean, body: Envelope<T>): Envelope<T> {
  if (!ok || !body.success) throw new ApiError(status, body.message, body.errors ?? []);
  return body;
}

const abortError = () => new DOMException('The request was cancelled.', 'AbortError');

/**
 * The one place the app talks HTTP to /api/v1. `baseUrl` is empty in the app (same origin) and
 * a full origin in tests that run a real server.
 *
 * A 401 on any call but sign-in and refresh refreshes the session once and retries the call
 * once; calls that fail together share one refresh.
 */
export function createApiClient(baseUrl = '', options: ApiClientOptions = {}): ApiClient {
  const memory = options.tokens === 'memory';
  let tokens: { accessToken: string; refreshToken: string } | null = null;
  let refreshing: Promise<boolean> | null = null;
  // Bumped by every successful refresh: a call that started before one needs no refresh of its own.
  let generation = 0;
  const endedListeners = new Set<() => void>();

  const url = (path: string) => `${baseUrl}${API_PREFIX}${path}`;
  const authHeaders = (): Record<string, string> =>
    memory && tokens ? { Authorization: `Bearer ${tokens.accessToken}` } : {};

  function remember(path: string, data: unknown) {
    if (!memory) return;
    if (path === usersApi.logout.path()) tokens = null;
    if (path !== usersApi.login.path() || typeof data !== 'object' || data === null) return;
    const { accessToken, refreshToken } = data as Record<string, unknown>;
    if (typeof accessToken === 'string' && typeof refreshToken === 'string') {
      tokens = { accessToken, refreshToken };
    }
  }

  function endSession() {
    tokens = null;
    for (const listener of endedListeners) listener();
  }

  async function doRefresh(): Promise<boolean> {
    if (memory && !tokens) {
      endSession();
      return false;
    }
    let response: Response;
    try {
      response = await fetch(url(usersApi.refreshToken.path()), {
        method: 'POST',
        credentials: 'same-origin',
        headers: memory
          ? { Accept: 'application/json', 'Content-Type': 'application/json' }
          : { Accept: 'application/json' },
        body: memory && tokens ? JSON.stringify({ refreshToken: tokens.refreshToken }) : null,
      });
    } catch (err) {
      throw new NetworkError(err);
    }
    const text = await response.text();
    if (response.ok) {
      const body = parseEnvelope<{ accessToken: string; refreshToken: string }>(
        response.status,
        response.headers.get('content-type') ?? '',
        text,
      );
      if (memory) tokens = { accessToken: body.data.accessToken, refreshToken: body.data.refreshToken };
      generation += 1;
      return true;
    }
    // A busy or broken server says nothing about the session: keep it and let the caller retry.
    if (response.status >= 500 || response.status === 429) {
      const body = parseEnvelope<null>(response.status, response.headers.get('content-type') ?? '', text);
      throw new ApiError(response.status, body.message, body.errors ?? []);
    }
    endSession();
    return false;
  }

  function refreshSession(): Promise<boolean> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function withSession<T>(path: string, send: () => Promise<Envelope<T>>): Promise<Envelope<T>> {
    const started = generation;
    try {
      return await send();
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401 || noRefresh.has(path)) throw err;
      if (generation === started && !(await refreshSession())) throw err;
      return send();
    }
  }

  async function fetchEnvelope<T>(
    path: string,
    init: RequestInit,
    seen?: (response: Response) => void,
  ): Promise<Envelope<T>> {
    let response: Response;
    try {
      response = await fetch(url(path), { credentials: 'same-origin', ...init });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new NetworkError(err);
    }
    const text = await response.text();
    // The server's own refusal (a 404 for what was deleted meanwhile) is an answer of now, as a
    // success is: no saved copy is on show for this read any more. A 5xx or 429 says nothing new.
    if (response.status < 500 && response.status !== 429) seen?.(response);
    return settle(
      response.status,
      response.ok,
      parseEnvelope<T>(response.status, response.headers.get('content-type') ?? '', text),
    );
  }

  async function json<T>(
    method: string,
    path: string,
    body: unknown,
    init: RequestOptions | undefined,
  ): Promise<Envelope<T>> {
    const envelope = await withSession(path, () =>
      fetchEnvelope<T>(path, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init?.headers,
          ...authHeaders(),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: init?.signal ?? null,
      }),
    );
    remember(path, envelope.data);
    return envelope;
  }

  function sendForm<T>(path: string, form: FormData, init: UploadOptions): Promise<Envelope<T>> {
    return new Promise((resolve, reject) => {
      const { signal, onProgress } = init;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = new XMLHttpRequest();
      const onAbort = () => xhr.abort();
      xhr.open(init.method ?? 'POST', url(path));
      const headers = { Accept: 'application/json', ...init.headers, ...authHeaders() };
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      });
      xhr.addEventListener('load', () => {
        signal?.removeEventListener('abort', onAbort);
        try {
          const body = parseEnvelope<T>(
            xhr.status,
            xhr.getResponseHeader('content-type') ?? '',
            xhr.responseText,
          );
          resolve(settle(xhr.status, xhr.status >= 200 && xhr.status < 300, body));
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
      xhr.addEventListener('error', () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new NetworkError(new Error(`Upload to ${path} failed`)));
      });
      xhr.addEventListener('abort', () => reject(abortError()));
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(form);
    });
  }

  return {
    async get<T>(path: string, init?: RequestOptions): Promise<T> {
      const body = await withSession(path, () =>
        fetchEnvelope<T>(
          path,
          {
            headers: { Accept: 'application/json', ...init?.headers, ...authHeaders() },
            signal: init?.signal ?? null,
          },
          (response) => {
            const savedAt = response.headers.get(SAVED_AT_HEADER);
            options.onRead?.(path, savedAt);
            init?.onAnswer?.(savedAt);
          },
        ),
      );
      return body.data;
    },
    async post<T>(path: string, payload?: unknown, init?: RequestOptions) {
      const body = await json<T>('POST', path, payload, init);
      return { data: body.data, message: body.message };
    },
    async patch<T>(path: string, payload: unknown, init?: RequestOptions) {
      const body = await json<T>('PATCH', path, payload, init);
      return { data: body.data, message: body.message };
    },
    async put<T>(path: string, payload: unknown, init?: RequestOptions) {
      const body = await json<T>('PUT', path, payload, init);
      return { data: body.data, message: body.message };
    },
    async delete<T>(path: string, init?: RequestOptions) {
      const body = await json<T>('DELETE', path, undefined, init);
      return { data: body.data, message: body.message };
    },
    async postForm<T>(path: string, form: FormData, init: UploadOptions = {}) {
      const body = await withSession(path, () => sendForm<T>(path, form, init));
      init.onProgress?.(1);
      return { data: body.data, message: body.message };
    },
    tokenMode: memory ? 'memory' : 'cookies',
    send: (path, init) =>
      fetch(`${baseUrl}${path}`, { ...init, headers: { ...init.headers, ...authHeaders() } }),
    refreshSession,
    onSessionEnded(listener) {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
  };
}

export const api = createApiClient('', { onRead: noteRead });

/**
 * Trades the refresh cookie for a new pair, once for all callers waiting at the same time.
 * Resolves true when refreshed, false when the server refused (the session is over and the
 * session store has been told); rejects with NetworkError or a 5xx/429 ApiError when the server
 * could not give a verdict, in which case the session is kept.
 */
export function refreshSession(): Promise<boolean> {
  return api.refreshSession();
}

/**
 * A random version-4 UUID, for the ids the device makes for its writes (outbox entries and their
 * Idempotency-Key, uploads). It lives here, beside the client every such write goes through, so
 * that it is not a chunk of its own on every page. Browsers give `crypto.randomUUID` only to secure origins (https or
 * localhost); a school server opened at plain http on its network address has only
 * `crypto.getRandomValues`, which every origin has, so the same 122 random bits come from there.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
