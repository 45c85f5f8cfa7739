import { act, render } from '@testing-library/react';
import { useState } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { usePagedList } from '../../src/client/api/paged-list.ts';
import { swrConfig } from '../../src/client/app/swr-config.ts';
import type { ApiClient } from '../../src/client/lib/api-client.ts';
import { forgetSavedCopies, noteRead, useOldestSavedCopy } from '../../src/client/lib/saved-copies.ts';

// The reads of a screen, answered the way the service worker answers them offline: from a copy
// saved at a given time (what the notice "Offline: showing what was saved at ..." reports), or
// fresh. The client tells the notice's store of each answer, as the app's client does.
const savedAt = new Map<string, string | null>();
const client = {
  async get<T>(path: string): Promise<T> {
    const key = [...savedAt.keys()].find((prefix) => path.startsWith(prefix));
    noteRead(path, key === undefined ? null : (savedAt.get(key) ?? null));
    const paged = { docs: [], hasNextPage: false, totalDocs: 0, page: 1, limit: 20, totalPages: 0 };
    return (path.includes('page=') ? paged : { path }) as T;
  },
} as unknown as ApiClient;

const MORNING = '2026-11-29T07:00:00.000Z';
const NOON = '2026-11-29T12:00:00.000Z';
let oldestShown: number | null = null;

function Notice() {
  oldestShown = useOldestSavedCopy();
  return null;
}
function Comments() {
  useSWR('/comments/v9?page=1&limit=10');
  return null;
}
function Videos() {
  usePagedList('/videos?q=maths');
  return null;
}

/** A video screen: the video's read, and its comments while `withComments` holds. */
function Screen({ withComments, withList }: { withComments: boolean; withList: boolean }) {
  useSWR('/videos/v/v9');
  return (
    <>
      <Notice />
      {withComments ? <Comments /> : null}
      {withList ? <Videos /> : null}
    </>
  );
}

function Harness() {
  const [parts, setParts] = useState({ withComments: true, withList: true });
  show = (next) => setParts((now) => ({ ...now, ...next }));
  return (
    <SWRConfig value={{ ...swrConfig(client), provider: () => new Map() }}>
      <Screen {...parts} />
    </SWRConfig>
  );
}
let show: (next: Partial<{ withComments: boolean; withList: boolean }>) => void = () => undefined;

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('the saved-copy notice follows the reads on show', () => {
  afterEach(() => {
    savedAt.clear();
    forgetSavedCopies();
  });

  it('forgets a part taken off the screen: its saved copy no longer holds the notice up', async () => {
    savedAt.set('/videos/v/v9', NOON);
    savedAt.set('/comments/v9', MORNING);
    render(<Harness />);
    await settle();
    expect(oldestShown).toBe(Date.parse(MORNING));
    // The video read comes back fresh (a 404 for a video deleted meanwhile is fresh too), and the
    // screen takes its comments off: SWR will never read them again. Before, their mark stayed and
    // the notice with it, for good.
    savedAt.delete('/videos/v/v9');
    noteRead('/videos/v/v9', null);
    act(() => show({ withComments: false, withList: false }));
    expect(oldestShown).toBeNull();
  });

  it('counts every page of a list read page by page while the list is on show', async () => {
    savedAt.set('/videos?q=maths', MORNING);
    render(<Harness />);
    await settle();
    expect(oldestShown).toBe(Date.parse(MORNING));
    act(() => show({ withList: false }));
    expect(oldestShown).toBeNull();
    act(() => show({ withList: true }));
    // Shown again from the cache, the list is the saved copy again.
    expect(oldestShown).toBe(Date.parse(MORNING));
  });

  it('does not count a read that no part of the screen shows', async () => {
    render(<Harness />);
    await settle();
    expect(oldestShown).toBeNull();
    // A read made outside any screen part (a lesson's quiz read for its download).
    noteRead('/quiz/v9', MORNING);
    await settle();
    expect(oldestShown).toBeNull();
  });

  it('tells a list from the same list searched: the old search taken off the screen counts no more', async () => {
    // Offline on /videos, the list came from the saved copy; a search shows another list of
    // the same path, and the address stays /videos (the notice forgets on a new address only).
    savedAt.set('/videos?q=maths', MORNING);
    function Searched({ q }: { q: string }) {
      usePagedList(`/videos?q=${q}`);
      return <Notice />;
    }
    const view = render(
      <SWRConfig value={{ ...swrConfig(client), provider: () => new Map() }}>
        <Searched q="maths" />
      </SWRConfig>,
    );
    await settle();
    expect(oldestShown).toBe(Date.parse(MORNING));
    view.rerender(
      <SWRConfig value={{ ...swrConfig(client), provider: () => new Map() }}>
        <Searched q="fractions" />
      </SWRConfig>,
    );
    await settle();
    expect(oldestShown).toBeNull();
  });
});
