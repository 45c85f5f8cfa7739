/**
 * The `redirect` search parameter of /login, kept only when it is a path of this site: an
 * absolute URL, a protocol-relative `//host` or a backslash trick would send a user who just
 * signed in to somebody else's page.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 32)) return undefined;
  const base = 'https://eduportal.invalid';
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    return undefined;
  }
  if (parsed.origin !== base) return undefined;
  // Back to the sign-in screen would be a loop.
  if (parsed.pathname === '/login' || parsed.pathname === '/register') return undefined;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
