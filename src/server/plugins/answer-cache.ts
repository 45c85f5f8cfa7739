import type { FastifyInstance, FastifyRequest } from 'fastify';

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
}

/** An answer being made for a key and state; requests for the same wait for it. */
interface Making {
  state: string;
  done: Promise<Kept | undefined>;
  finish: (kept: Kept | undefined) => void;
}

export interface AnswerCacheOptions {
  /** The database's state token (Db.readState). */
  readState: () => Promise<string>;
  /** At most this many characters of answers are kept; the least recently given go first. */
  maxBytes: number;
}

/**
 * Keeps the answers of reads declared with `config: { keepAnswers: true }`, each under the
 * database state it was made from, and gives one again while that state has not moved: exactly
 * the answer the route would make, without reading its rows, serializing them or hashing them
 * again. Any write anywhere in the database moves the state, so nothing is ever stale: a like,
 * a comment or a new video shows in the next answer, on every instance, as before. What it saves
 * is the cost of the same page asked for over and over between writes (a class opening the
 * course list together, the home feed at the start of a lesson); under a steady stream of writes
 * it keeps less and costs one small statement a read (docs/benchmarks.md measures both).
 *
 * Requests that miss together for the same key and state (right after a write, every reader of
 * the page at once) wait for the first one's answer instead of each making it: without that, on
 * PostgreSQL every write sent some fifty page reads to a pool of ten connections at once.
 *
 * The key is who asks (answers carry the viewer's progress and scores) and the URL as sent;
 * a malformed query never gets here (validation answers first).
 */
export function registerAnswerCache(api: FastifyInstance, { readState, maxBytes }: AnswerCacheOptions): void {
  const kept = new Map<string, Kept>();
  const making = new Map<string, Making>();
  let bytes = 0;

  const forget = (key: string) => {
    const old = kept.get(key);
    if (!old) return;
    kept.delete(key);
    bytes -= old.body.length;
  };

  const keep = (key: string, answer: Kept) => {
    forget(key);
    // One large answer may not push out all the others.
    if (answer.body.length > maxBytes / 3) return;
    kept.set(key, answer);
    bytes += answer.body.length;
    for (const [oldest] of kept) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };

  api.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.keepAnswers) return;
    const state = await readState();
    const key = keyOf(request);
    let hit = kept.get(key);
    if (hit?.state !== state) {
      const other = making.get(key);
      hit = other?.state === state ? await other.done : undefined;
    }
    if (hit?.state === state) {
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
      const answer = { state, body, etag };
      keep(key, answer);
      mine.finish(answer);
    };
    request.answerMade = () => {
      mine.finish(undefined);
      if (making.get(key) === mine) making.delete(key);
    };
  });

  // Whatever the end (an error, a closed connection), nobody waits for good: waiters whose
  // answer was not kept make their own.
  api.addHook('onResponse', async (request) => request.answerMade?.());
  api.addHook('onRequestAbort', async (request) => request.answerMade?.());
}

const keyOf = (request: FastifyRequest) => `${request.principal?.userId ?? ''}\n${request.url}`;
