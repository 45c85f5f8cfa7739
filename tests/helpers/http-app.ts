import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Something that answers `inject` as a Fastify app does, but sends each request over HTTP to
 * `baseUrl` (a cluster behind nginx): the helpers that register, sign in and upload work on it
 * unchanged. Only what those helpers and the cluster tests read is filled in.
 */
export function httpApp(baseUrl: string, extraHeaders: Record<string, string> = {}): FastifyInstance {
  const inject = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const headers = new Headers(extraHeaders);
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value !== undefined) headers.set(name, String(value));
    }
    let body: BodyInit | undefined;
    const payload = options.payload as unknown;
    if (Buffer.isBuffer(payload)) body = new Uint8Array(payload);
    else if (typeof payload === 'string') body = payload;
    else if (payload !== undefined) {
      body = JSON.stringify(payload);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const res = await fetch(new URL(String(options.url), baseUrl), {
      method: options.method ?? 'GET',
      headers,
      body,
    });
    const text = await res.text();
    const headerObject: Record<string, string> = {};
    res.headers.forEach((value, name) => (headerObject[name] = value));
    const cookies = res.headers.getSetCookie().map((line) => {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      return { name: pair!.slice(0, at), value: pair!.slice(at + 1) };
    });
    return {
      statusCode: res.status,
      statusMessage: res.statusText,
      headers: headerObject,
      body: text,
      payload: text,
      rawPayload: Buffer.from(text),
      cookies,
      json: () => JSON.parse(text),
      stream: () => {
        throw new Error('not available over HTTP');
      },
      trailers: {},
      raw: undefined,
    } as unknown as LightMyRequestResponse;
  };
  return { inject } as unknown as FastifyInstance;
}
