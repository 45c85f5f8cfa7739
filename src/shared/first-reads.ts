import type { ClientRoutePath } from './routes.ts';

/** How many videos a page of the video lists holds (the app's lists and the first read agree). */
export const VIDEOS_PAGE_SIZE = 12;

/** The id of the page's data block that carries the first reads (read by the app's boot). */
export const FIRST_READS_ID = 'first-reads';

/**
 * The reads a screen makes first, which the server answers inside the page it sends to a
 * signed-in visitor (src/server/plugins/static-app.ts), so the screen's content needs no round
 * trip after its code: each /api/v1 path (as the app's SWR keys name it), answered exactly as
 * the API would. The current user comes first: without it, nothing else is sent.
 */
export const firstReads: Partial<Record<ClientRoutePath, readonly string[]>> = {
  '/dashbord': ['/users/current-user', `/videos?page=1&limit=${VIDEOS_PAGE_SIZE}`],
  '/videos': ['/users/current-user', `/videos?page=1&limit=${VIDEOS_PAGE_SIZE}`],
};

/** The first reads as the page carries them: each path's answer, the API's JSON envelope. */
export type FirstReads = Record<string, { data: unknown }>;

/**
 * JSON for a `<script type="application/json">` block: no character that could end the block or
 * open a comment in it (`<`, `>`, `&`), nor the two line separators older parsers choke on.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
