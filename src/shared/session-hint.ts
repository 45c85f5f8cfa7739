/**
 * A cookie the server sets beside the session's httpOnly cookies, readable by script and holding
 * no secret: while it is absent, no session can exist, and the app asks the server nothing
 * (docs/api.md, "Sessions"). In a module of its own, free of zod: the app's first chunk reads it.
 */
export const SESSION_HINT_COOKIE = 'eduportal-session';
