import type { ClientRoutePath } from './routes.ts';
import { usersApi } from './endpoints/users.ts';
import { videosApi } from './endpoints/videos.ts';

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
/** The signed-in student's account: the first read of every screen, and the key it is kept under. */
export const CURRENT_USER_PATH = usersApi.currentUser.path();
const firstVideosPage = videosApi.list.path({ page: 1, limit: VIDEOS_PAGE_SIZE });

export const firstReads: Partial<Record<ClientRoutePath, readonly string[]>> = {
  '/dashbord': [CURRENT_USER_PATH, firstVideosPage],
  '/videos': [CURRENT_USER_PATH, firstVideosPage],
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
