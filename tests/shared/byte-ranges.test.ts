import { describe, expect, it } from 'vitest';
import {
  answerRange,
  parseContentRange,
  partsFor,
  rangeHeaders,
  type FileSpan,
} from '../../src/shared/byte-ranges.ts';

// The worker's answers to a player's Range requests for a saved video (docs/offline.md,
// "Downloads"): RFC 9110's rules for one range of a file of known size.
describe('Range answers for a saved file of 1000 bytes', () => {
  const size = 1000;

  it('answers the first bytes', () => {
    const answer = answerRange('bytes=0-99', size);
    expect(answer).toEqual({ status: 206, start: 0, end: 99 });
    expect(rangeHeaders(answer, size)).toMatchObject({
      'content-range': 'bytes 0-99/1000',
      'content-length': '100',
    });
  });

  it('answers an open range from the start, as a player asks first', () => {
    expect(answerRange('bytes=0-', size)).toEqual({ status: 206, start: 0, end: 999 });
  });

  it('answers the middle, as a seek asks', () => {
    const answer = answerRange('bytes=500-', size);
    expect(answer).toEqual({ status: 206, start: 500, end: 999 });
    expect(rangeHeaders(answer, size)['content-range']).toBe('bytes 500-999/1000');
    expect(answerRange('bytes=400-599', size)).toEqual({ status: 206, start: 400, end: 599 });
  });

  it('answers a suffix: the last N bytes, or all of them when N is larger', () => {
    expect(answerRange('bytes=-100', size)).toEqual({ status: 206, start: 900, end: 999 });
    expect(answerRange('bytes=-5000', size)).toEqual({ status: 206, start: 0, end: 999 });
    expect(answerRange('bytes=-0', size)).toEqual({ status: 416 });
  });

  it('cuts an end beyond the file to its last byte', () => {
    expect(answerRange('bytes=900-5000', size)).toEqual({ status: 206, start: 900, end: 999 });
  });

  it('answers 416, naming the size, for a range starting at or beyond the end', () => {
    expect(answerRange('bytes=1000-', size)).toEqual({ status: 416 });
    expect(answerRange('bytes=2000-2100', size)).toEqual({ status: 416 });
    expect(rangeHeaders({ status: 416 }, size)['content-range']).toBe('bytes */1000');
    expect(answerRange('bytes=-10', 0)).toEqual({ status: 416 });
  });

  it('answers the whole file when there is no range, or one it does not read', () => {
    expect(answerRange(null, size)).toEqual({ status: 200 });
    expect(answerRange('', size)).toEqual({ status: 200 });
    expect(answerRange('items=0-5', size)).toEqual({ status: 200 });
    expect(answerRange('bytes=0-5,10-20', size)).toEqual({ status: 200 });
    expect(answerRange('bytes=50-10', size)).toEqual({ status: 200 });
    expect(rangeHeaders({ status: 200 }, size)['content-length']).toBe('1000');
  });

  it('reads a Content-Range', () => {
    expect(parseContentRange('bytes 0-1048575/3000000')).toEqual({ start: 0, end: 1048575, size: 3000000 });
    expect(parseContentRange('bytes */3000')).toBeUndefined();
    expect(parseContentRange(null)).toBeUndefined();
  });
});

describe('a part of a file kept in chunks', () => {
  // Ten bytes 0..9 in chunks of 4, 4 and 2, read in no particular order.
  const chunk = (start: number, size: number) => ({
    start,
    size,
    data: new Blob([Uint8Array.from({ length: size }, (_, i) => start + i)]),
  });
  const parts = [chunk(8, 2), chunk(0, 4), chunk(4, 4)];
  const read = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];
  // As the worker does (sw/downloads.ts): the parts needed, joined, then sliced.
  const sliceParts = (all: Array<FileSpan & { data: Blob }>, start: number, end: number) => {
    const plan = partsFor(all, start, end);
    return new Blob(plan.parts.map((p) => p.data)).slice(plan.from, plan.to);
  };

  it('gives the first bytes, from the first chunk alone', async () => {
    expect(partsFor(parts, 0, 2).parts.map((p) => p.start)).toEqual([0]);
    const a = answerRange('bytes=0-2', 10);
    expect(a.status === 206 && (await read(sliceParts(parts, a.start, a.end)))).toEqual([0, 1, 2]);
  });

  it('gives the middle across chunk boundaries', async () => {
    const a = answerRange('bytes=3-8', 10);
    expect(a.status === 206 && (await read(sliceParts(parts, a.start, a.end)))).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('gives a suffix, and the whole file', async () => {
    const a = answerRange('bytes=-3', 10);
    expect(a.status === 206 && (await read(sliceParts(parts, a.start, a.end)))).toEqual([7, 8, 9]);
    expect(await read(sliceParts(parts, 0, 9))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
