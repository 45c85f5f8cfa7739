import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB memory, 2 passes): OWASP's minimum for argon2id.
export const hashPassword = (password: string) => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a hash. With no hash (unknown user) it still does the work of one
 * check, so an answer's timing does not tell whether an account exists.
 */
export async function checkPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    dummyHash ??= hash('not-a-real-password-only-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
