import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { randomId } from '../../src/client/lib/api-client.ts';
import { headHash } from '../../src/client/device/uploads/uploads.ts';

// A page served over plain http from a network address (a school server without https): the
// browser's crypto there has getRandomValues but neither randomUUID nor subtle.
const secureCrypto = globalThis.crypto;
function asInsecureOrigin() {
  Object.defineProperty(globalThis, 'crypto', {
    configurable: true,
    value: {
      getRandomValues: <T extends ArrayBufferView>(a: T) => webcrypto.getRandomValues(a as never) as T,
    },
  });
}
afterEach(() => {
  Object.defineProperty(globalThis, 'crypto', { configurable: true, value: secureCrypto });
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ids and hashes on an insecure origin', () => {
  it('makes version-4 UUIDs from getRandomValues when randomUUID is missing, all different', () => {
    asInsecureOrigin();
    expect((globalThis.crypto as Partial<Crypto>).randomUUID).toBeUndefined();
    const ids = Array.from({ length: 2000 }, () => randomId());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('still uses randomUUID where the browser has it', () => {
    expect(randomId()).toMatch(UUID_V4);
  });

  it('hashes a file head without crypto.subtle: the same file the same, another file differently', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31) % 251);
    const changed = bytes.slice();
    changed[1000] = (changed[1000]! + 1) % 256;
    asInsecureOrigin();
    const one = await headHash(new Blob([bytes]));
    expect(one).toMatch(/^fnv:[0-9a-f]{16}$/);
    expect(await headHash(new Blob([bytes.slice()]))).toBe(one);
    expect(await headHash(new Blob([changed]))).not.toBe(one);
  });
});
