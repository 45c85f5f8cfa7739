import { parseContentRange } from '../../../shared/byte-ranges.ts';

/**
 * The arithmetic of a download in Range chunks (docs/offline.md, "Downloads"), apart from
 * IndexedDB and the network so that it is tested on its own.
 */

export const MIB = 1024 * 1024;
/**
 * 1 MiB: on a 2G link (about 50 KB/s) that is some 20 s of transfer, the most a dropped
 * connection can waste. Larger chunks save a few requests and risk more.
 */
export const DOWNLOAD_CHUNK_BYTES = MIB;

/** A stored chunk: where it starts in the file and how many bytes it holds. */
export interface ChunkSpan {
  start: number;
  size: number;
}

/**
 * Where a download goes on: the end of the run of chunks that starts at byte 0 with no gap. A
 * chunk beyond a gap (which the downloader never writes) is not counted.
 */
export function resumeOffset(chunks: readonly ChunkSpan[]): number {
  const sorted = [...chunks].sort((a, b) => a.start - b.start);
  let offset = 0;
  for (const chunk of sorted) {
    if (chunk.start > offset) break;
    offset = Math.max(offset, chunk.start + chunk.size);
  }
  return offset;
}

/** The next Range to ask for (inclusive end), or undefined when the file is complete. */
export function nextRange(
  offset: number,
  total: number,
  chunkBytes = DOWNLOAD_CHUNK_BYTES,
): { start: number; end: number; header: string } | undefined {
  if (offset >= total) return undefined;
  const end = Math.min(total, offset + chunkBytes) - 1;
  return { start: offset, end, header: `bytes=${offset}-${end}` };
}

/**
 * Whether an answer to `bytes=start-end` is the part asked for, of a file of `total` bytes:
 * "ok"; "changed" when the file on the server is not the size expected (start again); or "bad".
 */
export function checkPart(
  asked: { start: number; end: number },
  total: number,
  answer: { status: number; contentRange: string | null; bytes: number },
): 'ok' | 'changed' | 'bad' {
  if (answer.status === 200) {
    // The server sent the whole file: usable only as a whole file of the expected size.
    return answer.bytes === total ? 'ok' : 'changed';
  }
  if (answer.status === 416) return 'changed';
  if (answer.status !== 206) return 'bad';
  const range = parseContentRange(answer.contentRange);
  if (!range) return 'bad';
  if (range.size !== total) return 'changed';
  if (range.start !== asked.start || range.end - range.start + 1 !== answer.bytes) return 'bad';
  return 'ok';
}

/**
 * The whole file from its chunks, in order; throws unless they cover it exactly, from byte 0 to
 * the last, with no gap and no overlap (a file with a hole must never be saved as complete).
 */
export function assemble<T extends ChunkSpan & { data: Blob }>(
  chunks: readonly T[],
  total: number,
  type: string,
): Blob {
  const sorted = [...chunks].sort((a, b) => a.start - b.start);
  let offset = 0;
  for (const chunk of sorted) {
    if (chunk.start !== offset || chunk.data.size !== chunk.size) {
      throw new Error(`The saved parts do not fit together at byte ${offset}.`);
    }
    offset += chunk.size;
  }
  if (offset !== total) throw new Error(`The saved parts hold ${offset} bytes of ${total}.`);
  return new Blob(
    sorted.map((c) => c.data),
    { type },
  );
}
