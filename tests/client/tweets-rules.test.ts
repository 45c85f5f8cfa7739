import { describe, expect, it } from 'vitest';
import { checkTweet } from '../../src/client/features/tweets/tweet-rules.ts';
import { tweetInputSchema } from '../../src/shared/contracts/tweets.ts';

/** The composer's check is written out to keep zod off the route; it must say what the contract says. */
describe('the composer’s tweet check', () => {
  const samples = [
    '',
    ' ',
    '\n\t  \n',
    '\u00a0\u2003',
    'a',
    '  padded  ',
    'x'.repeat(280),
    ` ${'x'.repeat(280)}\n`,
    'x'.repeat(281),
    '😀'.repeat(140),
    '😀'.repeat(141),
    '😀'.repeat(280),
    '😀'.repeat(281),
    '👩‍💻'.repeat(93),
    '👩‍💻'.repeat(94),
    'line one\nline two',
  ];

  it.each(samples.map((s) => [JSON.stringify(s).slice(0, 40), s] as const))(
    'agrees with the contract on %s',
    (_, content) => {
      const contract = tweetInputSchema.safeParse({ content });
      const mine = checkTweet(content);
      expect(mine.ok).toBe(contract.success);
      if (contract.success && mine.ok) expect(mine.content).toBe(contract.data.content);
      if (!contract.success && !mine.ok) expect(mine.message).toBe(contract.error.issues[0]?.message);
    },
  );
});
