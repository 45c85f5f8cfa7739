/** The tokens a sign-in or a renewal hands out. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

/** The signed-in user behind a request. */
export interface Principal {
  userId: string;
  sessionId: string;
}

/** What the auth plugin asks of the sessions: whose open session an access token belongs to. */
export interface Authenticator {
  authenticate(accessToken: string): Promise<Principal | undefined>;
}
