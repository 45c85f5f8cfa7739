import { t } from '../../i18n/i18n.ts';
/**
 * The contract's rules for a tweet's text (`tweetInputSchema` in src/shared/contracts/tweets.ts:
 * trimmed, 1 to 280 characters, the same messages), written out so that the composer does not
 * download zod: with it, /createtweet was 168 of its 170 KB budget. tests/client/tweets-rules.test.ts
 * checks that both agree.
 */
export const TWEET_MAX_LENGTH = 280;

/** A text's length as zod measures it: in code points, so an emoji counts once, not twice. */
export const tweetLength = (content: string) => [...content.trim()].length;

export type TweetCheck = { ok: true; content: string } | { ok: false; message: string };

export function checkTweet(content: string): TweetCheck {
  const trimmed = content.trim();
  if (trimmed.length < 1) return { ok: false, message: t('tweets.required') };
  if (tweetLength(trimmed) > TWEET_MAX_LENGTH) return { ok: false, message: t('tweets.tooLong') };
  return { ok: true, content: trimmed };
}
