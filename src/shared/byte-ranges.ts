/**
 * HTTP Range answers for a file of known size (RFC 9110, section 14), for the service worker's
 * saved videos (docs/offline.md, "Downloads"). Pure, so that it is tested without a worker.
 *
 * Only one range is answered: a media element asks for one at a time. A header this code cannot
 * read, or one asking for several ranges, is ignored and the whole file answered, as the RFC
 * allows. A range starting at or beyond the end is 416; an end beyond the file is cut to its end.
 */
export type RangeAnswer =
  | { status: 200 }
  /** `end` is the last byte's offset (inclusive), as in `Content-Range`. */
  | { status: 206; start: number; end: number }
  | { status: 416 };

export function answerRange(header: string | null | undefined, size: number): RangeAnswer {
  if (!header) return { status: 200 };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { status: 200 };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { status: 200 };
  if (first === '') {
    // A suffix: the last N bytes (all of them when N is larger than the file).
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { status: 416 };
    return { status: 206, start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (start >= size) return { status: 416 };
  if (end < start) return { status: 200 };
  return { status: 206, start, end: Math.min(end, size - 1) };
}

/** The headers that go with an answer: `Content-Range`, `Content-Length`, `Accept-Ranges`. */
export function rangeHeaders(answer: RangeAnswer, size: number): Record<string, string> {
  if (answer.status === 416) return { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' };
  if (answer.status === 200) return { 'content-length': String(size), 'accept-ranges': 'bytes' };
  return {
    'content-range': `bytes ${answer.start}-${answer.end}/${size}`,
    'content-length': String(answer.end - answer.start + 1),
    'accept-ranges': 'bytes',
  };
}

/** The size a `Content-Range: bytes a-b/size` names, and where the part starts; undefined if unreadable. */
export function parseContentRange(
  header: string | null | undefined,
): { start: number; end: number; size: number } | undefined {
  const match = /^\s*bytes\s+(\d+)-(\d+)\/(\d+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

/** A piece of a file kept in parts: where it starts and how many bytes it holds. */
export interface FileSpan {
  start: number;
  size: number;
}

/**
 * Which parts of a file hold bytes `start` to `end` (inclusive), in order, and where those bytes
 * lie once the parts are put end to end (`from`, `to`: as for `Blob.slice`). The worker joins
 * just those parts into one Blob of references and slices it: nothing is copied or read.
 */
export function partsFor<T extends FileSpan>(
  parts: readonly T[],
  start: number,
  end: number,
): { parts: T[]; from: number; to: number } {
  const needed = [...parts]
    .sort((a, b) => a.start - b.start)
    .filter((p) => p.start <= end && p.start + p.size > start);
  const first = needed[0]?.start ?? start;
  return { parts: needed, from: start - first, to: end + 1 - first };
}
