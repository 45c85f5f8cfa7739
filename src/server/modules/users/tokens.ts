import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens are short-lived and signed (HMAC-SHA256) so that garbage is refused without a
 * database read; each still names its session, which is checked on every request so that a
 * revoked session's tokens stop working at once. Refresh tokens are `<sessionId>.<secret>`; only
 * a hash of the current secret is stored.
 */
export interface AccessClaims {
  sid: string;
  uid: string;
  exp: number;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

/** Signed tokens remembered as checked; a few hundred clients' worth. */
const VERIFIED_CACHE_SIZE = 1024;

export class TokenSigner {
  /**
   * Tokens whose signature already checked out, with their claims: a client sends the same
   * token with every request for its whole life, and recomputing the HMAC each time was a few
   * percent of a signed-in list read. Only correctly signed tokens get in; expiry is checked on
   * every use, and the session behind the token still is too (SessionsService.authenticate).
   * When full it is simply emptied: the next requests check their tokens again.
   */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(private readonly secret: string) {}

  sign(claims: AccessClaims): string {
    const payload = b64(Buffer.from(JSON.stringify(claims)));
    return `${payload}.${this.mac(payload)}`;
  }

  /** The claims of a well-formed, correctly signed, unexpired token; undefined otherwise. */
  verify(token: string, nowSeconds: number): AccessClaims | undefined {
    const known = this.verified.get(token);
    if (known) return known.exp > nowSeconds ? known : undefined;
    const claims = this.check(token);
    if (!claims) return undefined;
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
    this.verified.set(token, claims);
    return claims.exp > nowSeconds ? claims : undefined;
  }

  private check(token: string): AccessClaims | undefined {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<AccessClaims>;
      if (
        typeof claims.sid !== 'string' ||
        typeof claims.uid !== 'string' ||
        typeof claims.exp !== 'number'
      ) {
        return undefined;
      }
      return claims as AccessClaims;
    } catch {
      return undefined;
    }
  }

  private mac(payload: string): string {
    return b64(createHmac('sha256', this.secret).update(payload).digest());
  }
}

export function newRefreshSecret(): string {
  return b64(randomBytes(32));
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function splitRefreshToken(token: string): { sessionId: string; secret: string } | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot === token.length - 1) return undefined;
  return { sessionId: token.slice(0, dot), secret: token.slice(dot + 1) };
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
