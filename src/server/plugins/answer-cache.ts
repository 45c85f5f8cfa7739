import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAbortHookHandler,
  onResponseHookHandler,
  preHandlerHookHandler,
} from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer depends only on the database, the URL and who asks, so an answer may be
     * kept and given again while the database has not changed (see registerAnswerCache).
     */
    keepAnswers?: boolean;
  }
  interface FastifyRequest {
    /**
     * Set on a read whose answer is to be kept: the HTTP cache's hook hands it the 200 body and
     * the ETag it made, before any 304 takes the body away.
     */
    keepAnswer?: (body: string, etag: string) => void;
    /**
     * Set by a handler whose answer holds something that may be older than the database's state
     * (a search's reused ranking): the answer is kept until then at most (`performance.now()`).
     */
    keepAnswerUntil?: number;
    /** Ends this request's part in making an answer (settles whoever waits for it). */
    answerMade?: () => void;
    /** The ETag of a kept answer being given again: its body is not hashed a second time. */
    keptEtag?: string;
  }
}

interface Kept {
  state: string;
  body: string;
  etag: string;
  /** Given no more after this (`performance.now()`); none: until the state moves. */
  until?: number;
  /** What it holds in memory, roughly: the key and the body, two bytes a character. */
  size: number;
}

/** Room taken by an entry besides its key and body (the object, the map's slot, the ETag). */
const ENTRY_OVERHEAD = 200;
/** At most this many answers, however small. */
const MAX_ENTRIES = 10_000;

/** An answer being made for a key and state; requests for the same wait for it. */
interface Making {
  state: string;
  done: Promise<Kept | undefined>;
  finish: (kept: Kept | undefined) => void;
}

export interface AnswerCacheOptions {
  /** The database's state token (Db.readState). */
  readState: () => Promise<string>;
  /**
   * About this many bytes of answers and keys are kept at most; the least recently given go
   * first. 0 keeps none: the request's fields are still declared, and no hook is added.
   */
  maxBytes: number;
}

/**
 * Keeps the answers of reads declared with `config: { keepAnswers: true }`, each under the
 * database state it was made from, and gives one again while that state has not moved: exactly
 * the answer the route would make, without reading its rows, serializing them or hashing them
 * again. Any write anywhere in the database moves the state, so a kept answer is never older than
 * the answer the route would make: a like, a comment or a new video shows in the next answer, on
 * every instance, as before. What it saves
 * is the cost of the same page asked for over and over between writes (a class opening the
 * course list together, the home feed at the start of a lesson); under a steady stream of writes
 * it keeps less and costs one small statement a read (docs/benchmarks.md measures both).
 *
 * Requests that miss together for the same key and state (right after a write, every reader of
 * the page at once) wait for the first one's answer instead of each making it: without that, on
 * PostgreSQL every write sent some fifty page reads to a pool of ten connections at once.
 *
 * The key is who asks (answers carry the viewer's progress and scores), the route and what it
 * was asked (keyOf). A handler may limit how long its answer is kept (`keepAnswerUntil`): a
 * search whose ranking was reused (db/search.ts) is kept no longer than the ranking is, so a
 * write on another instance shows in it within SEARCH_CACHE_SECONDS, as it did before.
 */
export function registerAnswerCache(api: FastifyInstance, { readState, maxBytes }: AnswerCacheOptions): void {
  // Declared once, so that setting them on a request does not change its shape on the hot path.
  for (const field of ['keepAnswer', 'keepAnswerUntil', 'answerMade', 'keptEtag'] as const) {
    api.decorateRequest(field, undefined);
  }
  if (maxBytes <= 0) return;
  const kept = new Map<string, Kept>();
  const making = new Map<string, Making>();
  let bytes = 0;

  const forget = (key: string) => {
    const old = kept.get(key);
    if (!old) return;
    kept.delete(key);
    bytes -= old.size;
  };

  const keep = (key: string, answer: Kept) => {
    forget(key);
    // One large answer may not push out all the others.
    if (answer.size > maxBytes / 3) return;
    kept.set(key, answer);
    bytes += answer.size;
    for (const [oldest] of kept) {
      if (bytes <= maxBytes && kept.size <= MAX_ENTRIES) break;
      forget(oldest);
    }
  };

  const current = (answer: Kept | undefined, state: string): answer is Kept =>
    answer !== undefined &&
    answer.state === state &&
    (answer.until === undefined || answer.until > performance.now());

  const giveOrMake = async (request: FastifyRequest, reply: FastifyReply) => {
    // Fastify answers HEAD with the GET route's options: a HEAD is never kept nor given.
    if (request.method !== 'GET') return;
    const state = await readState();
    const key = keyOf(request);
    let hit = kept.get(key);
    if (!current(hit, state)) {
      const other = making.get(key);
      hit = other?.state === state ? await other.done : undefined;
    }
    if (current(hit, state)) {
      // Most recently given last, so the oldest are dropped first.
      if (kept.get(key) === hit) {
        kept.delete(key);
        kept.set(key, hit);
      }
      request.keptEtag = hit.etag;
      reply.type('application/json; charset=utf-8');
      return reply.send(hit.body);
    }
    // This request makes the answer; others for the same key and state wait for it.
    let finish!: Making['finish'];
    const done = new Promise<Kept | undefined>((resolve) => (finish = resolve));
    const mine: Making = { state, done, finish };
    if (making.get(key)?.state !== state) making.set(key, mine);
    request.keepAnswer = (body, etag) => {
      const until = request.keepAnswerUntil;
      const answer: Kept = {
        state,
        body,
        etag,
        ...(until !== undefined ? { until } : {}),
        size: (key.length + body.length) * 2 + ENTRY_OVERHEAD,
      };
      keep(key, answer);
      mine.finish(answer);
    };
    request.answerMade = () => {
      mine.finish(undefined);
      if (making.get(key) === mine) making.delete(key);
    };
  };
  // Whatever the end (an error, a closed connection), nobody waits for good: waiters whose
  // answer was not kept make their own.
  const settle = async (request: FastifyRequest) => request.answerMade?.();

  // The hooks go on the declared routes alone, after the route's own: no other request pays for
  // them, and a route's own checks (a limit, say) run before a kept answer is given.
  api.addHook('onRoute', (route) => {
    if (!route.config?.keepAnswers) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), giveOrMake as preHandlerHookHandler];
    route.onResponse = [...[route.onResponse ?? []].flat(), settle as onResponseHookHandler];
    route.onRequestAbort = [...[route.onRequestAbort ?? []].flat(), settle as onRequestAbortHookHandler];
  });
}

/**
 * Who asks, the route, and its parameters and query as validated: unknown query keys are gone
 * and defaults filled in, so `?page=1&x=<anything>` is the same answer under one key, and a key
 * is never longer than the route's own limits allow. A route with no query schema reads no query.
 */
const keyOf = (request: FastifyRequest) =>
  JSON.stringify([
    request.principal?.userId ?? null,
    request.routeOptions.url,
    request.params,
    request.routeOptions.schema?.querystring ? request.query : {},
  ]);
