/**
 * The one definition of a "word" for search (docs/api.md, "Search"): used for the text that is
 * indexed and for the words of a query, so that both databases see the same words.
 *
 * A word is a run of letters, combining marks and digits of any script, after NFKC and lower
 * case. Marks belong to the word so that Devanagari stays whole: "किताब" is one word, not the
 * pieces between its vowel signs. Everything else (spaces, punctuation, symbols, `_`, `%`, NUL,
 * a lone surrogate) separates words and is never part of one, so no operator of either database's
 * query language can reach a query.
 *
 * Splitting here rather than in the database is deliberate: PostgreSQL's text search parser
 * decides what a letter is by the database's locale (in the "C" locale every non-ASCII character
 * is a letter; under glibc's some marks are not), and splits "for-beginners" and "3.5"
 * differently from SQLite's FTS5. The databases only ever see words already split by this code.
 */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Longer words are cut to this many characters (PostgreSQL refuses a lexeme over 2 KB). */
export const MAX_WORD_CHARS = 64;

function cut(word: string): string {
  const chars = [...word];
  return chars.length > MAX_WORD_CHARS ? chars.slice(0, MAX_WORD_CHARS).join('') : word;
}

/** The words of `text`, in order, repeats kept. */
export function wordsOf(text: string): string[] {
  const found = text.normalize('NFKC').toLowerCase().match(WORD);
  return found ? found.map(cut) : [];
}

/** The stored form of a field's words: one space between words (the indexes split on it). */
export const storedWords = (text: string): string => wordsOf(text).join(' ');

/** A query has at most this many words: more add little to what is found and cost a look-up each. */
export const MAX_QUERY_WORDS = 8;

/** The words of a query, each once, in the order typed, at most `MAX_QUERY_WORDS`. */
export function queryWords(q: string): string[] {
  return [...new Set(wordsOf(q))].slice(0, MAX_QUERY_WORDS);
}

/** How many characters a word has (code points, as both databases' length functions count). */
export const charCount = (word: string): number => [...word].length;

/**
 * Whether `a` and `b` are one typo apart: one character changed, added or removed, or two
 * neighbours swapped (optimal string alignment distance 1). Equal words are not.
 */
export function oneTypoApart(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (i === x.length && i === y.length) return false;
  const rest = (p: number, q: number) => x.slice(p).join('') === y.slice(q).join('');
  if (x.length === y.length) {
    if (rest(i + 1, i + 1)) return true;
    return x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2, i + 2);
  }
  return x.length > y.length ? rest(i + 1, i) : rest(i, i + 1);
}

/** Byte order of the UTF-8 forms, the order both databases keep the vocabulary in. */
export const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The word columns search reads (migrations 0013 and 0017), for the title and description being
 * written: a row's words are always written with the text they come from.
 */
export function searchWords(fields: { title?: string | undefined; description?: string | undefined }) {
  return {
    ...(fields.title === undefined ? {} : { title_words: storedWords(fields.title) }),
    ...(fields.description === undefined ? {} : { description_words: storedWords(fields.description) }),
  };
}
