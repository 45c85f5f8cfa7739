import type { CurrentUser } from '../../shared/contracts/users.ts';

// The last user signed in on this device, so that the app still knows who you are when it is
// opened offline (signed-in screens show their saved copies; your queued actions stay yours).
// Removed at sign-out and when the server ends the session.
const KEY = 'eduportal-user';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be switched off (some private modes): the app then simply forgets.
    return null;
  }
}

export function rememberUser(user: CurrentUser): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(user));
  } catch {
    // A full or blocked storage only costs the offline sign-in, never the online one.
  }
}

/** The remembered user, or null when none is, or what is stored is not a user. */
export function rememberedUser(): CurrentUser | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CurrentUser> | null;
    if (typeof value?._id === 'string' && typeof value.username === 'string') return value as CurrentUser;
  } catch {
    // Not JSON: treated as nothing remembered (and dropped below).
  }
  forgetUser();
  return null;
}

export function forgetUser(): void {
  storage()?.removeItem(KEY);
}
