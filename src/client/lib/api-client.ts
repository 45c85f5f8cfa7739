import type { Envelope, FieldError } from '../../shared/contracts/envelope.ts';

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

export interface ApiClient {
  get<T>(path: string, init?: { signal?: AbortSignal }): Promise<T>;
  /** A JSON write; resolves with the envelope's `data` and its `message`. */
  post<T>(
    path: string,
    body: unknown,
    init?: { signal?: AbortSignal },
  ): Promise<{ data: T; message: string }>;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    throw new ApiError(response.status, `The server answered ${response.status} without data`);
  }
  return (await response.json()) as Envelope<T>;
}

/**
 * The one place the app talks HTTP to /api/v1. `baseUrl` is empty in the app (same origin) and
 * a full origin in tests that run a real server.
 */
export function createApiClient(baseUrl = ''): ApiClient {
  async function request<T>(path: string, init: RequestInit): Promise<Envelope<T>> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/api/v1${path}`, { credentials: 'same-origin', ...init });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new NetworkError(err);
    }
    const body = await readEnvelope<T>(response);
    if (!response.ok || !body.success) {
      throw new ApiError(response.status, body.message, body.errors ?? []);
    }
    return body;
  }

  return {
    async get<T>(path: string, init?: { signal?: AbortSignal }): Promise<T> {
      const body = await request<T>(path, {
        headers: { Accept: 'application/json' },
        signal: init?.signal ?? null,
      });
      return body.data;
    },
    async post<T>(path: string, payload: unknown, init?: { signal?: AbortSignal }) {
      const body = await request<T>(path, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        signal: init?.signal ?? null,
      });
      return { data: body.data, message: body.message };
    },
  };
}

export const api = createApiClient();
