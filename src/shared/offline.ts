/** Names the service worker and the page agree on. */
export const API_CACHE = 'api-reads-v1';
export const MEDIA_CACHE = 'media-images-v1';
/** Set by the service worker on an API answer it kept; its value is when it was saved (ISO). */
export const SAVED_AT_HEADER = 'x-eduportal-saved-at';
export const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING', clearPrivate: 'CLEAR_PRIVATE' } as const;
