import { describe, expect, it } from 'vitest';
import { RememberedSearches, type SearchPage } from '../../src/server/db/search.ts';

// The rankings kept for a repeated search (docs/api.md, "Search"): reused only for the same
// words and page, only for the configured time, never across a write, never when turned off.
describe('remembered searches', () => {
  const at = { limit: 12, offset: 0 };
  const counting = () => {
    let runs = 0;
    const search = async (): Promise<SearchPage> => ({ ids: [`run-${++runs}`], total: runs });
    return { search, runs: () => runs };
  };

  it('reuses a ranking for the same words within the time, and ranks again after it', async () => {
    let now = 0;
    const kept = new RememberedSearches(10, () => now);
    const { search, runs } = counting();
    expect((await kept.answer('videos', 'Video lessons', at, search)).ids).toEqual(['run-1']);
    // The same words, written otherwise.
    expect((await kept.answer('videos', ' video,  LESSONS! ', at, search)).ids).toEqual(['run-1']);
    // Another page, other words: ranked for themselves.
    expect((await kept.answer('videos', 'video lessons', { limit: 12, offset: 12 }, search)).ids).toEqual([
      'run-2',
    ]);
    expect((await kept.answer('videos', 'video', at, search)).ids).toEqual(['run-3']);
    now = 10_001;
    expect((await kept.answer('videos', 'video lessons', at, search)).ids).toEqual(['run-4']);
    expect(runs()).toBe(4);
  });

  it('forgets at a write, and keeps nothing a write overlapped', async () => {
    const kept = new RememberedSearches(10, () => 0);
    const { search } = counting();
    await kept.answer('videos', 'video', at, search);
    kept.forget();
    expect((await kept.answer('videos', 'video', at, search)).ids).toEqual(['run-2']);
    // A search under way while a write lands: its answer is given but not kept.
    const overlapped = kept.answer('videos', 'plants', at, async () => {
      kept.forget();
      return { ids: ['before-the-write'], total: 1 };
    });
    expect((await overlapped).ids).toEqual(['before-the-write']);
    expect((await kept.answer('videos', 'plants', at, search)).ids).toEqual(['run-3']);
  });

  it('ranks a search once while it is being ranked, however many ask for it at once', async () => {
    const kept = new RememberedSearches(10, () => 0);
    let runs = 0;
    let finish: (page: SearchPage) => void = () => {};
    const slow = () =>
      new Promise<SearchPage>((resolve) => {
        runs += 1;
        finish = resolve;
      });
    const asked = Array.from({ length: 50 }, () => kept.answer('videos', 'video', at, slow));
    finish({ ids: ['once'], total: 1 });
    expect((await Promise.all(asked)).every((page) => page.ids[0] === 'once')).toBe(true);
    expect(runs).toBe(1);
    // A write while a ranking is under way: a later request does not wait for that old ranking.
    const before = kept.answer('videos', 'plants', at, slow);
    kept.forget();
    const after = kept.answer('videos', 'plants', at, async () => ({ ids: ['after-the-write'], total: 1 }));
    expect((await after).ids).toEqual(['after-the-write']);
    finish({ ids: ['before-the-write'], total: 1 });
    expect((await before).ids).toEqual(['before-the-write']);
  });

  it('never reuses anything when set to 0 seconds', async () => {
    const kept = new RememberedSearches(0, () => 0);
    const { search, runs } = counting();
    await kept.answer('videos', 'video', at, search);
    await kept.answer('videos', 'video', at, search);
    expect(runs()).toBe(2);
  });
});
