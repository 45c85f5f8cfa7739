/**
 * A random version-4 UUID, for the ids the device makes (outbox entries and their
 * Idempotency-Key, uploads). Browsers give `crypto.randomUUID` only to secure origins (https or
 * localhost); a school server opened at plain http on its network address has only
 * `crypto.getRandomValues`, which every origin has, so the same 122 random bits come from there.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
