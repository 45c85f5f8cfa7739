import { ApiError, NetworkError } from './api-client.ts';

/** What to tell the user about a failed call: the server's own words when it gave some. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError || err instanceof NetworkError) return err.message;
  return fallback;
}
