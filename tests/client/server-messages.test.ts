import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../src/client/i18n/i18n.ts';
import { serverText } from '../../src/client/i18n/server-messages.ts';

describe('a refusal for size, in the student’s language', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('says the limit the server named, in Hindi too', async () => {
    const refusals = [
      'This upload is too large: Avatar may be at most 5 MB',
      'must be at most 5 MB',
      'Thumbnail is larger than 5 MB',
    ];
    for (const message of refusals) expect(serverText(message, 413)).toBe(message);
    await applyLanguage('hi');
    for (const message of refusals) {
      expect(serverText(message, 413)).toBe('फ़ाइल बहुत बड़ी है: यह ज़्यादा से ज़्यादा 5 MB की हो सकती है।');
    }
    expect(serverText('Cover image may be at most 2.5 MB', 413)).toContain('2.5 MB');
  });
});
