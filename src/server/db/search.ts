import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from './database.ts';
import { wordsVector } from './migrations/0013-word-search.ts';
import { byteOrder, charCount, oneTypoApart, queryWords } from './words.ts';

/**
 * Search by words (docs/api.md, "Search"), for any table that `addWordSearch` (migration 0013)
 * gave words: `videos` (0013) and `courses` (0017), by the same rules.
 */
export type SearchTable = 'videos' | 'courses';

/**
 * Which rows of each table a search may answer, over the row `v`: every video; only published
 * courses (a draft is its owner's alone). The index holds drafts too, so that publishing is a
 * change of one column, not of the index.
 */
const SEARCHABLE: Record<SearchTable, RawBuilder<unknown> | undefined> = {
  videos: undefined,
  courses: sql`v.published = 1`,
};

/** One page of matching ids, best first; the number of matches; the corrected query, if one was used. */
export interface SearchPage {
  ids: string[];
  total: number;
  suggestion?: string;
}

/**
 * A ranking as RememberedSearches gives it: `reusedUntil` (on `performance.now()`'s clock) is set
 * when it was not ranked for this request, and so may be from before a write on another
 * instance: an answer made from it may be kept until then at most (plugins/answer-cache.ts).
 */
export type GivenSearchPage = SearchPage & { reusedUntil?: number };

/** A word this long or longer is corrected when nothing matches (one typo in a shorter word is another word). */
export const TYPO_MIN_CHARS = 5;

/** The last character there is, so that `[p, p + LAST)` is every word beginning with `p`. */
const LAST = '\u{10FFFF}';

/**
 * The ids of the rows holding every word of `q`, each word as a whole word or a word's beginning,
 * in the title or the description; every match is ranked, best first:
 * 1. the more of the words the title holds, the better (title above description);
 * 2. then the more of the words stand whole (not only as a beginning), the better;
 * 3. then a title that begins with the first word (the lesson named for it) before the others;
 * 4. then newest first, and the id to settle ties.
 * The ranking is this same expression on both databases, so both give the same order; the
 * databases' own scores (FTS5's bm25, PostgreSQL's ts_rank_cd) differ from each other.
 *
 * When nothing matches, each word of `TYPO_MIN_CHARS` or more that begins no indexed word is
 * replaced by the indexed word one typo from it that most rows hold; if that query finds rows,
 * they are the answer and `suggestion` is that query.
 */
export async function searchByWords<DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  table: SearchTable,
  q: string,
  page: { limit: number; offset: number },
): Promise<SearchPage> {
  const words = queryWords(q);
  if (words.length === 0) return { ids: [], total: 0 };
  const any = db as unknown as Kysely<unknown>;
  const found = await rank(any, dialect, table, words, page);
  if (found.total > 0) return found;
  const fixed = await correct(any, table, words);
  if (!fixed) return found;
  const again = await rank(any, dialect, table, fixed, page);
  return again.total > 0 ? { ...again, suggestion: fixed.join(' ') } : found;
}

async function rank(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: SearchTable,
  words: string[],
  { limit, offset }: { limit: number; offset: number },
): Promise<SearchPage> {
  const t = sql.table(table);
  // Where `needle` first stands in `texts` (1 for the start, 0 for nowhere): the same answer from
  // SQLite's instr and PostgreSQL's strpos, and cheaper than LIKE on every match.
  const at = (texts: RawBuilder<unknown>, needle: string) =>
    dialect === 'sqlite' ? sql`instr(${texts}, ${needle})` : sql`strpos(${texts}, ${needle})`;
  const count = (texts: RawBuilder<unknown>, whole: boolean) =>
    sql.join(
      words.map((w) => sql`(case when ${at(texts, whole ? ` ${w} ` : ` ${w}`)} > 0 then 1 else 0 end)`),
      sql` + `,
    );
  // A space before each word makes " w" find a word's beginning and never a word's inside.
  const title = sql`(' ' || v.title_words)`;
  const scores = sql`v.id, v.created_at,
    ${count(title, false)} as in_title,
    ${count(sql`(' ' || v.title_words || ' ' || v.description_words || ' ')`, true)} as whole,
    (case when ${at(title, ` ${words[0]}`)} = 1 then 1 else 0 end) as named`;
  const only = SEARCHABLE[table];
  const also = only ? sql` and ${only}` : sql``;
  const matches =
    dialect === 'sqlite'
      ? sql`select ${scores} from ${sql.table(`${table}_words`)} s join ${t} v on v.rowid = s.rowid
          where ${sql.table(`${table}_words`)} match ${words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(' AND ')}${also}`
      : sql`select ${scores} from ${t} v
          where ${wordsVector('v.')} @@ ${words.map((w) => `'${w.replace(/['\\]/g, (c) => `\\${c}`)}':*`).join(' & ')}::tsquery${also}`;
  // One statement reads the matches once for both the page and the total (a window count).
  const page = await sql<{ id: string; n: number }>`
    with m as (${matches})
    select m.id as id, count(*) over () as n from m
    order by m.in_title desc, m.whole desc, m.named desc, m.created_at desc, m.id desc
    limit ${limit} offset ${offset}`.execute(db);
  if (page.rows.length > 0) return { ids: page.rows.map((r) => r.id), total: Number(page.rows[0]!.n) };
  // A page past the end has no row to carry the total: count apart.
  const total = await sql<{ n: number }>`with m as (${matches}) select count(*) as n from m`.execute(db);
  return { ids: [], total: Number(total.rows[0]?.n ?? 0) };
}

/** Indexed words from `from` up to every word beginning with `prefix`, of a length in [min, max]. */
async function vocabulary(
  db: Kysely<unknown>,
  table: SearchTable,
  prefix: string,
  lengths?: [number, number],
): Promise<Array<{ term: string; doc: number }>> {
  const { rows } = await sql<{ term: string; doc: number }>`
    select term, doc from ${sql.table(`${table}_words_vocab`)}
    where term >= ${prefix} and term < ${prefix + LAST}
    ${lengths ? sql`and length(term) between ${lengths[0]} and ${lengths[1]}` : sql``}
    ${lengths ? sql`` : sql`limit 1`}`.execute(db);
  return rows.map((r) => ({ term: r.term, doc: Number(r.doc) }));
}

/**
 * `words` with each long word that begins no indexed word replaced by its likeliest one-typo
 * correction, or undefined when none was replaced. Candidates are the indexed words beginning
 * with the word's first or second character and at most one character longer or shorter: so a
 * changed or missing first letter is not corrected (a swap of the first two, or an extra letter
 * before them, is), which keeps the look-up to two ranges of the vocabulary.
 */
async function correct(
  db: Kysely<unknown>,
  table: SearchTable,
  words: string[],
): Promise<string[] | undefined> {
  let changed = false;
  const out: string[] = [];
  for (const word of words) {
    const n = charCount(word);
    if (n < TYPO_MIN_CHARS || (await vocabulary(db, table, word)).length > 0) {
      out.push(word);
      continue;
    }
    const [first, second] = [...word];
    const seen = new Map<string, number>();
    for (const start of new Set([first!, second!])) {
      for (const c of await vocabulary(db, table, start, [n - 1, n + 1])) seen.set(c.term, c.doc);
    }
    const best = [...seen]
      .filter(([term]) => oneTypoApart(word, term))
      .sort(([a, x], [b, y]) => y - x || byteOrder(a, b))[0];
    if (best) {
      out.push(best[0]);
      changed = true;
    } else out.push(word);
  }
  return changed ? out : undefined;
}

/** Searches remembered at most: a bound on memory, whatever students type. */
const MAX_REMEMBERED = 500;

/**
 * Rankings of recent searches, reused for the same words and page for `seconds`: a word most
 * videos hold has every one of them ranked, which no index makes cheap (docs/api.md, "Search"),
 * and students search for the same few things. Only the ranking is kept (ids, total,
 * suggestion); the videos themselves are read afresh each time. `forget` runs on every write
 * of this process; another instance's write shows within `seconds`.
 */
export class RememberedSearches {
  private readonly answers = new Map<string, { until: number; page: SearchPage }>();
  /**
   * Searches being ranked now: the same search asked again meanwhile waits for that ranking
   * instead of starting its own (when a kept ranking runs out under load, every waiting request
   * would otherwise rank the same words at once).
   */
  private readonly ranking = new Map<string, Promise<SearchPage>>();
  /** Counts the writes, so that a search that overlapped one is not kept. */
  private writes = 0;

  constructor(
    private readonly seconds: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async answer(
    table: SearchTable,
    q: string,
    page: { limit: number; offset: number },
    search: () => Promise<SearchPage>,
  ): Promise<GivenSearchPage> {
    if (this.seconds === 0) return search();
    // The words, not the text: "Video", "video " and "video!" are one search.
    const key = JSON.stringify([table, queryWords(q), page.limit, page.offset]);
    const kept = this.answers.get(key);
    if (kept && kept.until > this.now()) return { ...kept.page, reusedUntil: kept.until };
    const under = this.ranking.get(key);
    // Begun by another request, perhaps before a write this one has seen: as good as a kept one.
    if (under) return { ...(await under), reusedUntil: this.now() + this.seconds * 1000 };
    const writes = this.writes;
    const ranked = search();
    this.ranking.set(key, ranked);
    try {
      const found = await ranked;
      if (writes !== this.writes) return found;
      if (this.answers.size >= MAX_REMEMBERED) this.answers.clear();
      this.answers.set(key, { until: this.now() + this.seconds * 1000, page: found });
      return found;
    } finally {
      if (this.ranking.get(key) === ranked) this.ranking.delete(key);
    }
  }

  /** After a write that changed what searches find (committed). */
  forget(): void {
    this.writes += 1;
    this.answers.clear();
    // A ranking under way began before the write: later requests rank afresh.
    this.ranking.clear();
  }
}
