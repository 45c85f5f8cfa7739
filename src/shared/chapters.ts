/**
 * Chapters read from a video's description (docs/api.md, "Captions and chapters"): the lines that
 * begin with a time such as `0:00`, `4:35` or `1:02:03`, followed by a title. Pure, so the server
 * answers them with every video and the page could read a description being typed the same way.
 */
export interface Chapter {
  /** Seconds from the start. */
  start: number;
  title: string;
}

/** The longest title kept; longer ones are cut at a character boundary and end with "…". */
export const MAX_CHAPTER_TITLE = 100;

/**
 * `h:mm:ss` (hours 1-2 digits, minutes and seconds 2 digits) or `m:ss` (minutes 1-2 digits), at
 * the start of the line, not followed by another digit or `:digit` (so `4:355` is not a time).
 * After the time: the separator people write ("0:00 - Intro", "0:00: Intro", "0:00 | Intro",
 * "0:00 – Intro"), then the title.
 */
const CHAPTER_LINE = /^\s*(?:(\d{1,2}):([0-5]\d)|(\d{1,2})):([0-5]\d)(?![\d]|:\d)\s*(?:[-–—:|·.)]\s*)?(.*)$/u;

/** The lines that look like chapter lines, in order; a time line with no title is not one. */
function chapterLines(description: string): Chapter[] {
  const found: Chapter[] = [];
  for (const line of description.split(/\r\n|\r|\n/)) {
    const m = CHAPTER_LINE.exec(line);
    if (!m) continue;
    const [, hours, minutesWithHours, minutesAlone, seconds, rest] = m;
    const title = cutTitle(rest!.trim());
    if (title === '') continue;
    const start = Number(hours ?? 0) * 3600 + Number(minutesWithHours ?? minutesAlone) * 60 + Number(seconds);
    found.push({ start, title });
  }
  return found;
}

/** At most MAX_CHAPTER_TITLE characters as a reader counts them (a Hindi conjunct is not split). */
function cutTitle(title: string): string {
  if (title.length <= MAX_CHAPTER_TITLE) return title;
  const segments =
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(title)].map((s) => s.segment)
      : Array.from(title);
  if (segments.length <= MAX_CHAPTER_TITLE) return title;
  return `${segments
    .slice(0, MAX_CHAPTER_TITLE - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * The description's chapters: at least two chapter lines, the first at 0:00 and each later one
 * after the one before; otherwise none (`[]`), as a player would show none for a description
 * that only mentions a time or two.
 */
export function parseChapters(description: string): Chapter[] {
  const chapters = chapterLines(description);
  if (chapters.length < 2 || chapters[0]!.start !== 0) return [];
  for (let i = 1; i < chapters.length; i++) {
    if (chapters[i]!.start <= chapters[i - 1]!.start) return [];
  }
  return chapters;
}
