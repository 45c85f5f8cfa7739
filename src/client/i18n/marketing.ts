import { enMarketing, type MarketingKey } from './en-marketing.ts';
import { marketingWords } from './i18n.ts';

/** A marketing page's words in the language on show (en-marketing.ts, hi-marketing.ts), `{placeholders}` filled. */
export function tm(key: MarketingKey, values?: Record<string, string>): string {
  const text = (marketingWords() ?? enMarketing)[key];
  return values ? text.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all) : text;
}
