import { afterEach, describe, expect, it } from 'vitest';
import { downloadsHeldBack } from '../../src/client/lib/data-saver.ts';
import { DOWNLOADS_WIFI_ONLY_KEY } from '../../src/shared/network-policy.ts';

// "Save downloads only on Wi-Fi" (docs/offline.md, "Downloads"): held back only while the
// student asked for it and the browser says the phone is on mobile data.
function connect(type: string | undefined) {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: type === undefined ? undefined : { type },
  });
}

describe('downloads on Wi-Fi only', () => {
  afterEach(() => connect(undefined));

  it('downloads on any connection when the student did not ask for Wi-Fi only', () => {
    connect('cellular');
    expect(downloadsHeldBack()).toBe(false);
  });

  it('holds back on mobile data when asked', () => {
    localStorage.setItem(DOWNLOADS_WIFI_ONLY_KEY, '1');
    connect('cellular');
    expect(downloadsHeldBack()).toBe(true);
  });

  it('downloads on Wi-Fi, and where the browser cannot tell', () => {
    localStorage.setItem(DOWNLOADS_WIFI_ONLY_KEY, '1');
    connect('wifi');
    expect(downloadsHeldBack()).toBe(false);
    connect(undefined);
    expect(downloadsHeldBack()).toBe(false);
  });
});
