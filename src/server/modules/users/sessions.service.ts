import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { Authenticator, IssuedTokens, Principal } from '../../principal.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import { hashSecret, newRefreshSecret, safeEqualHex, splitRefreshToken, type TokenSigner } from './tokens.ts';

export interface SessionSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
}

const DAY_MS = 24 * 3600 * 1000;
const signedOut = () => new AppError(401, 'Your session has ended. Please sign in again.');

export class SessionsService implements Authenticator {
  constructor(
    private readonly repo: SessionsRepository,
    private readonly signer: TokenSigner,
    private readonly settings: SessionSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async start(userId: string): Promise<IssuedTokens> {
    const sessionId = randomUUID();
    const secret = newRefreshSecret();
    const now = this.now();
    await this.repo.insert({
      id: sessionId,
      user_id: userId,
      refresh_hash: hashSecret(secret),
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      expires_at: this.refreshExpiry(now),
      revoked_at: null,
    });
    return {
      sessionId,
      refreshToken: `${sessionId}.${secret}`,
      accessToken: this.access(sessionId, userId, now),
    };
  }

  /**
   * Trades a refresh token for a new pair. A token that was already rotated away is a sign of
   * theft (someone else holds the family), so its whole session is revoked.
   */
  async refresh(refreshToken: string): Promise<IssuedTokens & { userId: string }> {
    const parts = splitRefreshToken(refreshToken);
    if (!parts) throw signedOut();
    const session = await this.repo.findById(parts.sessionId);
    const now = this.now();
    if (!session || session.revoked_at !== null || Date.parse(session.expires_at) <= now.getTime())
      throw signedOut();

    const givenHash = hashSecret(parts.secret);
    if (!safeEqualHex(givenHash, session.refresh_hash)) {
      await this.repo.revoke(session.id, now.toISOString());
      throw new AppError(
        401,
        'This sign-in was used from somewhere else, so it was ended. Please sign in again.',
      );
    }
    const secret = newRefreshSecret();
    const rotated = await this.repo.rotate(
      session.id,
      session.refresh_hash,
      hashSecret(secret),
      now.toISOString(),
      this.refreshExpiry(now),
    );
    if (!rotated) {
      // Another refresh with the same token won the race: that is a reuse too.
      await this.repo.revoke(session.id, now.toISOString());
      throw signedOut();
    }
    return {
      userId: session.user_id,
      sessionId: session.id,
      refreshToken: `${session.id}.${secret}`,
      accessToken: this.access(session.id, session.user_id, now),
    };
  }

  /** The principal of a valid access token whose session is still open; undefined otherwise. */
  async authenticate(accessToken: string): Promise<Principal | undefined> {
    const now = this.now();
    const claims = this.signer.verify(accessToken, Math.floor(now.getTime() / 1000));
    if (!claims) return undefined;
    const session = await this.repo.findById(claims.sid);
    if (!session || session.revoked_at !== null || session.user_id !== claims.uid) return undefined;
    return { userId: claims.uid, sessionId: claims.sid };
  }

  async end(sessionId: string): Promise<void> {
    await this.repo.revoke(sessionId, this.now().toISOString());
  }

  /** Ends every session of the user (a reset password, a disabled account); answers how many. */
  async endAll(userId: string): Promise<number> {
    return this.repo.revokeAllOfUser(userId, this.now().toISOString());
  }

  async endAllOthers(userId: string, keepSessionId: string): Promise<void> {
    await this.repo.revokeAllOfUserExcept(userId, keepSessionId, this.now().toISOString());
  }

  private access(sessionId: string, userId: string, now: Date): string {
    const exp = Math.floor(now.getTime() / 1000) + this.settings.accessTokenTtlSeconds;
    return this.signer.sign({ sid: sessionId, uid: userId, exp });
  }

  private refreshExpiry(now: Date): string {
    return new Date(now.getTime() + this.settings.refreshTokenTtlDays * DAY_MS).toISOString();
  }
}
