import http from 'node:http';

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?<name>[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Where a plain-http request should go on the https port: the same host and path, the port
 * written only when it is not 443. Undefined when the Host header is missing or not a host name,
 * so that the server never writes a header it was sent into a redirect unchecked.
 */
export function httpsLocation(
  hostHeader: string | undefined,
  url: string,
  httpsPort: number,
): string | undefined {
  const name = hostHeader ? HOST.exec(hostHeader.trim())?.groups?.name : undefined;
  if (!name) return undefined;
  const path = url.startsWith('/') ? url : '/';
  return `https://${name}${httpsPort === 443 ? '' : `:${httpsPort}`}${path}`;
}

/**
 * The plain-http port's server (HTTP_REDIRECT_PORT): every request is answered with a redirect
 * to https, so a student who types the school's address without "https://" still arrives. GET and
 * HEAD get 301 (what every browser caches and follows); other methods 308, which keeps the
 * method and body.
 */
export function createRedirectServer(httpsPort: number): http.Server {
  return http.createServer((request, response) => {
    const location = httpsLocation(request.headers.host, request.url ?? '/', httpsPort);
    // A body is never read: the answer does not depend on it.
    response.setHeader('Connection', 'close');
    if (!location) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('This address needs a Host header naming the server; use https.\n');
      return;
    }
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    response.writeHead(status, { Location: location, 'Content-Type': 'text/plain; charset=utf-8' });
    response.end(request.method === 'HEAD' ? undefined : `Moved to ${location}\n`);
  });
}
