import type { WorkboxPlugin } from 'workbox-core';

/**
 * Whether an answer to an API read can be shown as data: the API's own JSON, and not a 5xx.
 * A school proxy's 502 page, a Wi-Fi sign-in page (HTML with a 200) or a server that is down
 * (503) must never replace what was saved, nor be taken as data (docs/offline.md, "What is
 * cached").
 */
export function usableApiAnswer(response: Response): boolean {
  const json = response.headers.get('content-type')?.includes('application/json') ?? false;
  return json && response.status < 500;
}

/** What a screen gets when the answer was unusable and nothing was saved: the API's envelope. */
export function unusableAnswerEnvelope(response: Response): Response {
  const proxied = !(response.headers.get('content-type')?.includes('application/json') ?? false);
  const message = proxied
    ? 'The network answered with a page that is not EduPortal’s (a Wi-Fi sign-in page or a proxy). Check the connection, then try again.'
    : 'The server could not answer just now. Please try again in a moment.';
  const status = response.status >= 500 ? response.status : 503;
  return new Response(
    JSON.stringify({ statusCode: status, success: false, message, data: null, errors: [{ message }] }),
    { status, headers: { 'content-type': 'application/json; charset=utf-8' } },
  );
}

/**
 * For NetworkFirst: an unusable answer counts as no answer, so that the saved copy is shown; with
 * no saved copy, the screen gets the server's own 5xx envelope, or one made here for a page that
 * was not the API's.
 */
export function unusableAnswersFallBack(): WorkboxPlugin {
  const refused = new Map<string, Response>();
  return {
    fetchDidSucceed: async ({ request, response }) => {
      if (usableApiAnswer(response)) return response;
      refused.set(request.url, response);
      throw new Error(`unusable answer ${response.status} for ${request.url}`);
    },
    handlerDidError: async ({ request }) => {
      const response = refused.get(request.url);
      refused.delete(request.url);
      if (!response) return undefined;
      const json = response.headers.get('content-type')?.includes('application/json') ?? false;
      return json ? response : unusableAnswerEnvelope(response);
    },
  };
}

/**
 * A read the server answers 404 (or 410) is of something deleted: its saved copies go, so that it
 * is never shown again offline as if it still existed. The page drops the saved video's file
 * itself when it sees the 404 (src/client/features/videos/forget-deleted.ts).
 */
export function goneAnswersForget(cacheNames: string[]): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ request, response }) => {
      if (response.status === 404 || response.status === 410) {
        await Promise.all(
          cacheNames.map(async (name) => (await caches.open(name)).delete(request.url, { ignoreVary: true })),
        );
      }
      return response;
    },
  };
}
