import { API_PREFIX } from './api-prefix.ts';

/**
 * One call of the API, declared once: the server registers `pattern`, and the page, the outbox and
 * the worker build its addresses with `path` and recognise them with `matches`. The declarations
 * (src/shared/endpoints/) carry no schema values, only their types, so the page's first route does
 * not load zod; the schemas stay in src/shared/contracts/ beside the types named here.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** `/likes/toggle/:kind/:id` -> `'kind' | 'id'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string };
/** Query values; an undefined or empty one is left out of the address. */
export type Query = Readonly<Record<string, string | number | undefined>>;

export interface Endpoint<M extends Method | readonly Method[], P extends string, Answer> {
  readonly method: M;
  /** The path under API_PREFIX, with Fastify's `:name` parameters. */
  readonly pattern: P;
  /** The pattern filled in (each value URI-encoded), with the query after it. */
  path(
    ...args: ParamNames<P> extends never ? [query?: Query] : [params: PathParams<P>, query?: Query]
  ): string;
  /** Whether a path (its query aside) is one of this endpoint's. */
  matches(path: string): boolean;
  /** A path's parameters, decoded, when it is one of this endpoint's. */
  paramsOf(path: string): PathParams<P> | undefined;
  /** The type of the answer's `data`, for reading it typed; never set. */
  readonly answer?: Answer;
}

/** The `data` type of an endpoint's answer. */
export type AnswerOf<E> = E extends { readonly answer?: infer A } ? A : never;

export function endpoint<Answer = unknown>() {
  return <const M extends Method | readonly Method[], const P extends string>(
    method: M,
    pattern: P,
  ): Endpoint<M, P, Answer> => {
    const names = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
    const shape = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '([^/?]+)')}$`);
    return {
      method,
      pattern,
      path: (...args: unknown[]) => {
        const [params, query] = (pattern.includes(':') ? args : [undefined, args[0]]) as [
          Record<string, string> | undefined,
          Query | undefined,
        ];
        const filled = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
          encodeURIComponent(params?.[name] ?? ''),
        );
        const pairs = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== '');
        const search = pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');
        return search ? `${filled}?${search}` : filled;
      },
      matches: (path) => shape.test(path.split('?')[0]!),
      paramsOf: (path) => {
        const found = shape.exec(path.split('?')[0]!);
        try {
          return found
            ? (Object.fromEntries(
                names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]),
              ) as PathParams<P>)
            : undefined;
        } catch {
          return undefined; // a malformed %-escape is no address of ours
        }
      },
    };
  };
}

/** The address of a path under the API, as a request from the page or the worker needs it. */
export const apiUrl = (path: string): string => `${API_PREFIX}${path}`;
