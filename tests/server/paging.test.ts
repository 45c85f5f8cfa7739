import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../src/server/modules/paging.ts';

describe('pageWindow', () => {
  it('reads pages before the middle from the front and later ones from the back', () => {
    expect(pageWindow({ page: 1, limit: 10 }, 10_010)).toEqual({ offset: 0, limit: 10, fromEnd: false });
    expect(pageWindow({ page: 995, limit: 10 }, 10_010)).toEqual({ offset: 60, limit: 10, fromEnd: true });
    // The last page is short: only the rows that are there, from the back.
    expect(pageWindow({ page: 1001, limit: 10 }, 10_010)).toEqual({ offset: 0, limit: 10, fromEnd: true });
    expect(pageWindow({ page: 3, limit: 10 }, 25)).toEqual({ offset: 0, limit: 5, fromEnd: true });
    expect(pageWindow({ page: 1, limit: 20 }, 5)).toEqual({ offset: 0, limit: 20, fromEnd: false });
  });

  it('is empty past the end', () => {
    expect(pageWindow({ page: 2, limit: 10 }, 10)).toBeUndefined();
    expect(pageWindow({ page: 1, limit: 10 }, 0)).toBeUndefined();
  });

  it('covers every row exactly once, in order, for any size and total', () => {
    for (let total = 0; total <= 40; total++) {
      for (let limit = 1; limit <= 12; limit++) {
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(total / limit) + 1; page++) {
          const w = pageWindow({ page, limit }, total);
          if (!w) continue;
          // Row i (0 = newest) is at position total - 1 - i from the back.
          const rows = Array.from({ length: w.limit }, (_, k) => w.offset + k).filter((i) => i < total);
          seen.push(...(w.fromEnd ? rows.map((i) => total - 1 - i).reverse() : rows));
        }
        expect(seen, `total ${total}, limit ${limit}`).toEqual(Array.from({ length: total }, (_, i) => i));
      }
    }
  });
});
