import { describe, expect, it } from 'vitest';
import {
  assemble,
  checkPart,
  DOWNLOAD_CHUNK_BYTES,
  MIB,
  nextRange,
  resumeOffset,
} from '../../src/client/device/downloads/download-chunks.ts';

// A download in Range chunks (docs/offline.md, "Downloads"): where it goes on after a drop,
// and how the chunks become one file.
const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);
const chunk = (start: number, size: number, fill = start % 251) => ({
  start,
  size,
  data: new Blob([bytes(size, fill)]),
});

describe('resume offsets', () => {
  it('starts at 0 with nothing stored', () => {
    expect(resumeOffset([])).toBe(0);
  });

  it('goes on after the last chunk stored, in whatever order they are read', () => {
    expect(resumeOffset([chunk(MIB, MIB), chunk(0, MIB), chunk(2 * MIB, 500)])).toBe(2 * MIB + 500);
  });

  it('never skips a gap: a chunk after a hole is fetched again, not trusted', () => {
    expect(resumeOffset([chunk(0, MIB), chunk(2 * MIB, MIB)])).toBe(MIB);
    expect(resumeOffset([chunk(MIB, MIB)])).toBe(0);
  });

  it('asks for the next chunk of 1 MiB, the last one shorter, and nothing when complete', () => {
    const total = 2 * MIB + 10;
    expect(DOWNLOAD_CHUNK_BYTES).toBe(MIB);
    expect(nextRange(0, total)).toEqual({ start: 0, end: MIB - 1, header: `bytes=0-${MIB - 1}` });
    expect(nextRange(2 * MIB, total)).toEqual({
      start: 2 * MIB,
      end: total - 1,
      header: `bytes=${2 * MIB}-${total - 1}`,
    });
    expect(nextRange(total, total)).toBeUndefined();
  });

  it('costs at most one chunk after a drop: the chunks stored are never asked for again', () => {
    const total = 5 * MIB + 3;
    const stored = [chunk(0, MIB), chunk(MIB, MIB)];
    // The third chunk was cut off mid-way: nothing of it was stored.
    const asked: string[] = [];
    for (let offset = resumeOffset(stored), r = nextRange(offset, total); r; r = nextRange(offset, total)) {
      asked.push(r.header);
      offset = r.end + 1;
    }
    expect(asked[0]).toBe(`bytes=${2 * MIB}-${3 * MIB - 1}`);
    expect(asked).toHaveLength(4);
  });
});

describe('checking an answer', () => {
  const asked = { start: MIB, end: 2 * MIB - 1 };
  const total = 3 * MIB;
  it('takes the part asked for', () => {
    expect(
      checkPart(asked, total, {
        status: 206,
        contentRange: `bytes ${MIB}-${2 * MIB - 1}/${total}`,
        bytes: MIB,
      }),
    ).toBe('ok');
  });
  it('refuses a short part or another one', () => {
    expect(
      checkPart(asked, total, {
        status: 206,
        contentRange: `bytes ${MIB}-${2 * MIB - 1}/${total}`,
        bytes: 10,
      }),
    ).toBe('bad');
    expect(
      checkPart(asked, total, { status: 206, contentRange: `bytes 0-${MIB - 1}/${total}`, bytes: MIB }),
    ).toBe('bad');
    expect(checkPart(asked, total, { status: 503, contentRange: null, bytes: 0 })).toBe('bad');
  });
  it('sees a file that changed size on the server', () => {
    expect(
      checkPart(asked, total, {
        status: 206,
        contentRange: `bytes ${MIB}-${2 * MIB - 1}/${total + 1}`,
        bytes: MIB,
      }),
    ).toBe('changed');
    expect(checkPart(asked, total, { status: 416, contentRange: `bytes */${MIB}`, bytes: 0 })).toBe(
      'changed',
    );
  });
  it('takes a whole file sent with a 200 only when it is the whole file', () => {
    expect(checkPart(asked, total, { status: 200, contentRange: null, bytes: total })).toBe('ok');
    expect(checkPart(asked, total, { status: 200, contentRange: null, bytes: MIB })).toBe('changed');
  });
});

describe('chunk assembly', () => {
  it('puts the chunks together in order, whatever order they are read in', async () => {
    const parts = [chunk(4, 3, 2), chunk(0, 4, 1), chunk(7, 1, 3)];
    const file = assemble(parts, 8, 'video/mp4');
    expect(file.type).toBe('video/mp4');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 1, 1, 1, 2, 2, 2, 3]);
  });

  it('refuses a file with a hole, an overlap, a short chunk or a missing end', () => {
    expect(() => assemble([chunk(0, 4), chunk(5, 3)], 8, 'video/mp4')).toThrow(/byte 4/);
    expect(() => assemble([chunk(0, 4), chunk(3, 5)], 8, 'video/mp4')).toThrow(/byte 4/);
    expect(() => assemble([{ start: 0, size: 8, data: new Blob([bytes(7, 0)]) }], 8, 'video/mp4')).toThrow();
    expect(() => assemble([chunk(0, 4)], 8, 'video/mp4')).toThrow(/4 bytes of 8/);
  });
});
