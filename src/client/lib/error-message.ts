import { ApiError, NetworkError } from './api-client.ts';
import { serverText } from '../i18n/server-messages.ts';
import { t } from '../i18n/i18n.ts';

/** What to tell the user about a failed call: the server's own words when it gave some. */
export function errorMessage(err: unknown, fallback = t('error.generic')): string {
  if (err instanceof ApiError) return serverText(err.message, err.status);
  if (err instanceof NetworkError) return serverText(err.message);
  return fallback;
}
