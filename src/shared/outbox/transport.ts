import type { SendResult } from './drain.ts';
import type { OutboxRequest } from './model.ts';

/** The part of `fetch` the transport uses; the page and the service worker pass their own. */
export type FetchLike = (
  url: string,
  init: { method: string; credentials: 'same-origin'; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; headers: { get(name: string): string | null }; json(): Promise<unknown> }>;

export interface FetchTransportOptions {
  fetch: FetchLike;
  /** Empty in the app (same origin); a full origin in tests against a real server. */
  baseUrl?: string;
  /** Extra headers per request (tests sign in with a Bearer token; the app uses its cookies). */
  headers?: () => Record<string, string>;
}

/** Sends a request the way the drain needs: the Idempotency-Key, JSON, and no throw. */
export function fetchTransport(options: FetchTransportOptions) {
  return async (request: OutboxRequest, idempotencyKey: string): Promise<SendResult> => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Idempotency-Key': idempotencyKey,
      ...options.headers?.(),
    };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await options.fetch(`${options.baseUrl ?? ''}/api/v1${request.path}`, {
        method: request.method,
        credentials: 'same-origin',
        headers,
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      });
      const body: unknown = await response.json().catch(() => null);
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        kind: 'answer',
        status: response.status,
        body,
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      };
    } catch (err) {
      return { kind: 'network-error', message: err instanceof Error ? err.message : String(err) };
    }
  };
}
