/**
 * Caption files: WebVTT and SRT read into cues of plain text, and cues written back as WebVTT
 * (docs/api.md, "Captions and chapters"). The server stores only what `writeWebVtt` makes, so a
 * player, the transcript and an offline copy all read one small, regular format.
 *
 * Written here rather than taken from npm: the libraries that parse these formats (webvtt-parser,
 * node-webvtt, media-captions, subtitle, @plussub/srt-vtt-parser) each read one format, or read
 * leniently for a player, or render into a DOM; none refuses what this server must refuse (bytes
 * that are not UTF-8 text, times going backwards, too many cues) naming the line, or turns cue
 * markup into plain text. Those rules would sit around any of them, and this module runs in the
 * browser too, where a dependency counts against the size budget; the formats' timing lines are
 * small and settled.
 */

/** One caption: from `start` to `end` (seconds), `text` plain (no markup), lines split by "\n". */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** The largest caption file taken, in bytes (512 KiB). */
export const MAX_CAPTION_BYTES = 512 * 1024;
/** The most cues one file may hold. */
export const MAX_CAPTION_CUES = 10_000;
/** At most this many problems are reported; the first ones are enough to fix a file. */
const MAX_PROBLEMS = 5;

export interface CaptionProblem {
  /** 1-based line of the file, when the problem is on one line. */
  line?: number;
  message: string;
}

export type CaptionsReading =
  | { ok: true; cues: Cue[] }
  | {
      ok: false;
      /**
       * `not-text`: not UTF-8 text (a NUL, invalid bytes); `not-captions`: text, but not WebVTT or
       * SRT; `too-many-cues`: over MAX_CAPTION_CUES; `invalid`: captions with mistakes, by line.
       */
      reason: 'not-text' | 'not-captions' | 'too-many-cues' | 'invalid';
      problems: CaptionProblem[];
    };

/**
 * Reads a caption file's bytes. `fileName` only decides what a file without the `WEBVTT` header
 * is taken for: a `.vtt` must have it; anything else is read as SRT. A byte order mark is fine, and
 * so are CRLF line ends.
 */
export function readCaptions(bytes: Uint8Array, fileName = ''): CaptionsReading {
  let text: string;
  try {
    // fatal: invalid UTF-8 throws rather than becoming U+FFFD; a leading BOM is dropped.
    text = new (utf8Decoder())('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return notText();
  }
  if (text.includes('\u0000')) return notText();
  return parseCaptionsText(text, /\.vtt$/i.test(fileName.trim()) ? 'vtt' : 'any');
}

/**
 * The platform's TextDecoder: browsers, workers and Node all have one, but shared/ is typed
 * without their libraries (tsconfig.shared.json), so it is reached through globalThis.
 */
const utf8Decoder = () =>
  (
    globalThis as unknown as {
      TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string };
    }
  ).TextDecoder;

const notText = (): CaptionsReading => ({
  ok: false,
  reason: 'not-text',
  problems: [{ message: 'is not a text file: send a WebVTT (.vtt) or SRT (.srt) file saved as UTF-8' }],
});

/** Reads caption text: WebVTT when it begins with `WEBVTT`; else SRT, unless `expect` is 'vtt'. */
export function parseCaptionsText(text: string, expect: 'vtt' | 'any' = 'any'): CaptionsReading {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return new Reader(lines, 'vtt').read();
  if (expect === 'vtt') {
    return {
      ok: false,
      reason: 'not-captions',
      problems: [{ line: 1, message: 'Line 1: a WebVTT file begins with the word WEBVTT' }],
    };
  }
  return new Reader(lines, 'srt').read();
}

/** `01:02:03.450` style timestamps: hours optional in WebVTT; a comma or a point before the milliseconds. */
const TIMESTAMP = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/;
/** A timing line: start `-->` end, then (WebVTT) cue settings, or (SRT) a box, both dropped. */
const TIMING = /^\s*(\S+)\s+-->\s+(\S+)(?:\s+.*)?$/;

function parseTimestamp(text: string, format: 'vtt' | 'srt'): number | undefined {
  const m = TIMESTAMP.exec(text);
  if (!m || (format === 'srt' && m[1] === undefined)) return undefined;
  const [, h, min, s, ms] = m;
  return Number(h ?? 0) * 3_600_000 + Number(min) * 60_000 + Number(s) * 1000 + Number(ms);
}

const isBlank = (line: string) => line.trim() === '';

class Reader {
  private at = 0;
  private readonly cues: Array<{ start: number; end: number; text: string }> = [];
  private readonly problems: CaptionProblem[] = [];
  private previousStart = -1;
  /** Timing lines met so far, kept or not: what the cue limit counts. */
  private timings = 0;

  constructor(
    private readonly lines: string[],
    private readonly format: 'vtt' | 'srt',
  ) {}

  private problem(index: number, message: string): void {
    if (this.problems.length < MAX_PROBLEMS)
      this.problems.push({ line: index + 1, message: `Line ${index + 1}: ${message}` });
  }

  private skipBlank(): void {
    while (this.at < this.lines.length && isBlank(this.lines[this.at]!)) this.at++;
  }

  /** The lines up to the next blank line (or the end), as indexes; the reader moves past them. */
  private block(): number[] {
    const indexes: number[] = [];
    while (this.at < this.lines.length && !isBlank(this.lines[this.at]!)) indexes.push(this.at++);
    return indexes;
  }

  read(): CaptionsReading {
    if (this.format === 'vtt') {
      // The header line, then header text up to the first blank line.
      this.at = 1;
      this.block();
    }
    let seenCue = false;
    for (;;) {
      this.skipBlank();
      if (this.at >= this.lines.length) break;
      const block = this.block();
      const first = this.lines[block[0]!]!;
      if (this.format === 'vtt' && /^NOTE(?:[ \t]|$)/.test(first)) continue;
      if (this.format === 'vtt' && !seenCue && /^(?:STYLE|REGION)[ \t]*$/.test(first)) continue;
      // The timing line is the first, or the second after an identifier (a WebVTT cue id, an
      // SRT cue number).
      const timingAt = block.findIndex((i, n) => n < 2 && this.lines[i]!.includes('-->'));
      if (timingAt < 0) {
        this.problem(block[0]!, this.expectedTiming());
        if (!seenCue) return this.failed('not-captions');
        continue;
      }
      seenCue = true;
      if (++this.timings > MAX_CAPTION_CUES) {
        return {
          ok: false,
          reason: 'too-many-cues',
          problems: [
            {
              line: block[timingAt]! + 1,
              message: `A caption file may hold at most ${MAX_CAPTION_CUES.toLocaleString('en')} cues`,
            },
          ],
        };
      }
      this.cue(block[timingAt]!, block.slice(timingAt + 1));
    }
    if (this.problems.length > 0) return this.failed('invalid');
    if (this.cues.length === 0) {
      return {
        ok: false,
        reason: 'not-captions',
        problems: [
          {
            message: seenCue
              ? 'holds no caption text'
              : 'holds no captions: no line such as 00:00:01.000 --> 00:00:02.500',
          },
        ],
      };
    }
    return {
      ok: true,
      cues: this.cues.map((c) => ({ start: c.start / 1000, end: c.end / 1000, text: c.text })),
    };
  }

  private failed(reason: 'not-captions' | 'invalid'): CaptionsReading {
    return { ok: false, reason, problems: this.problems };
  }

  private expectedTiming(): string {
    return this.format === 'vtt'
      ? 'expected a cue time line such as 00:00:01.000 --> 00:00:02.500'
      : 'expected a cue number and a time line such as 00:00:01,000 --> 00:00:02,500';
  }

  private cue(timingLine: number, textLines: number[]): void {
    const m = TIMING.exec(this.lines[timingLine]!);
    const start = m ? parseTimestamp(m[1]!, this.format) : undefined;
    const end = m ? parseTimestamp(m[2]!, this.format) : undefined;
    if (start === undefined || end === undefined) {
      this.problem(timingLine, `${this.expectedTiming()}, not "${clip(this.lines[timingLine]!)}"`);
      return;
    }
    if (end < start) {
      this.problem(timingLine, `the cue ends (${stamp(end)}) before it starts (${stamp(start)})`);
      return;
    }
    if (start < this.previousStart) {
      this.problem(
        timingLine,
        `the cue starts at ${stamp(start)}, before the cue above it (${stamp(this.previousStart)}): times must not go backwards`,
      );
      return;
    }
    this.previousStart = start;
    const stray = textLines.find((i) => this.lines[i]!.includes('-->'));
    if (stray !== undefined) {
      this.problem(stray, 'a time line inside a cue: leave a blank line between cues');
      return;
    }
    const text = plainText(
      textLines.map((i) => this.lines[i]!),
      this.format,
    );
    // A cue with nothing left to show (only markup) is dropped.
    if (text !== '') this.cues.push({ start, end, text });
  }
}

const clip = (line: string) => (line.length > 60 ? `${line.slice(0, 60)}…` : line);

/** The character references WebVTT cue text uses; others stay as written. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

function decodeReferences(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g, (whole, dec, hex, name) => {
    if (name !== undefined) return NAMED[name as string] ?? whole;
    const code = dec !== undefined ? Number(dec) : parseInt(hex as string, 16);
    // No NUL, no lone surrogates, nothing past Unicode: the replacement character instead.
    const usable = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return usable ? String.fromCodePoint(code) : '\ufffd';
  });
}

/**
 * A cue's lines as plain text: every tag (`<b>`, `<v Name>`, `<c.x>`, `<00:00:01.000>`, also
 * `<script>` or `<font>` from an SRT) and SRT's `{\an8}` codes removed; WebVTT's character
 * references decoded (SRT has none); control characters dropped; blank lines dropped, since a
 * blank line would end the cue when written.
 */
function plainText(lines: string[], format: 'vtt' | 'srt'): string {
  const joined = lines.join('\n');
  let text = joined.replace(/<[^>\n]*>/g, '');
  if (format === 'srt') text = text.replace(/\{\\[^}\n]*\}/g, '');
  else text = decodeReferences(text);
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .split('\n')
      .map((line) => line.replace(/\s+$/u, ''))
      .filter((line) => line.trim() !== '')
      .join('\n')
  );
}

/** Milliseconds as `hh:mm:ss.mmm`. */
function stamp(ms: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  return `${pad(hours)}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** Cue text as WebVTT cue text: `&`, `<` and `>` escaped, so it can only ever be text. */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Cues as a WebVTT file: the header, then each cue's times and text, a blank line between cues.
 * Text is written escaped, blank lines within a cue left out, so that nothing in it can be read
 * as markup, a time line or the end of the cue.
 */
export function writeWebVtt(cues: readonly Cue[]): string {
  const blocks = cues.map((cue) => {
    const lines = cue.text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(escapeText);
    const start = Math.round(cue.start * 1000);
    const end = Math.round(cue.end * 1000);
    return `${stamp(start)} --> ${stamp(end)}\n${lines.join('\n')}`;
  });
  return `WEBVTT\n\n${blocks.map((b) => `${b}\n\n`).join('')}`;
}
