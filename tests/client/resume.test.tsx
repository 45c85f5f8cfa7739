import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { Progress } from '../../src/shared/contracts/progress.ts';
import type { ActionOf } from '../../src/shared/outbox/model.ts';
import { ResumeNotice, useResume } from '../../src/client/features/videos/resume.tsx';
import { keepPlace, readPlace } from '../../src/client/features/videos/resume-place.ts';

/**
 * Resume (docs/product-additions.md): the player's start from the device's and the server's
 * places, "Resuming at 3:17" with Start over, and the places it keeps and sends while playing.
 * The hook is rendered with a bare <video> as the player renders it; the server's answer comes
 * from SWR's fetcher.
 */
const VIDEO = { _id: 'vid-1', title: 'Fractions', duration: 600 };
const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 10, minute)).toISOString();

function Player(props: {
  owner?: string;
  online?: boolean;
  enqueue?: (action: ActionOf<'progress'>) => void;
  now?: () => number;
}) {
  const element = useRef<HTMLVideoElement>(null);
  const resume = useResume({
    video: VIDEO,
    element,
    owner: props.owner,
    online: props.online ?? true,
    enqueue: props.enqueue ?? (() => undefined),
    ...(props.now ? { now: props.now } : {}),
  });
  return (
    <>
      <video
        ref={element}
        data-testid="video"
        onLoadedMetadata={resume.onLoadedMetadata}
        onPlay={resume.onPlay}
        onPause={resume.onPause}
        onTimeUpdate={resume.onTimeUpdate}
        onEnded={resume.onEnded}
      />
      <ResumeNotice resume={resume} />
    </>
  );
}

function renderPlayer(props: Parameters<typeof Player>[0] = {}, server: Progress[] = []) {
  const asked: string[] = [];
  render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        fetcher: async (key: string) => {
          asked.push(key);
          return server;
        },
      }}
    >
      <Player {...props} />
    </SWRConfig>,
  );
  return { asked, video: screen.getByTestId('video') as HTMLVideoElement };
}

/** jsdom plays nothing: the element's state is set by hand, then its event fired. */
function setPlaying(video: HTMLVideoElement, playing: boolean) {
  Object.defineProperty(video, 'paused', { configurable: true, get: () => !playing });
}

describe('resume in the player', () => {
  it('starts where the student stopped on this device, and says so', () => {
    keepPlace(undefined, VIDEO._id, { position: 197.4, completed: false, at: at(0) });
    const { asked, video } = renderPlayer();
    expect(screen.getByRole('status').textContent).toContain('Resuming at 3:17');
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(197.4);
    // Signed out: the server is not asked.
    expect(asked).toEqual([]);
  });

  it('Start over goes back to 0 and the notice goes', () => {
    keepPlace('me', VIDEO._id, { position: 197, completed: false, at: at(0) });
    const { video } = renderPlayer({ owner: 'me', online: false });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(197);
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(video.currentTime).toBe(0);
    expect(screen.queryByText(/Resuming at/)).toBeNull();
    // A reload of the same copy (another quality) does not jump back.
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(0);
  });

  it('takes the server’s place when it is later than the device’s', async () => {
    keepPlace('me', VIDEO._id, { position: 100, completed: false, at: at(0) });
    const { asked } = renderPlayer({ owner: 'me' }, [
      { videoId: VIDEO._id, position: 400, completed: false, at: at(5) },
    ]);
    expect(await screen.findByText('Resuming at 6:40')).toBeTruthy();
    expect(asked).toEqual(['/progress?videoIds=vid-1']);
  });

  it('moves to the server’s later place when it answers after the video has loaded (a saved lesson)', async () => {
    keepPlace('me', VIDEO._id, { position: 100, completed: false, at: at(0) });
    let answer: (places: Progress[]) => void = () => undefined;
    render(
      <SWRConfig
        value={{
          provider: () => new Map(),
          fetcher: () => new Promise<Progress[]>((done) => (answer = done)),
        }}
      >
        <Player owner="me" />
      </SWRConfig>,
    );
    const video = screen.getByTestId('video') as HTMLVideoElement;
    Object.defineProperty(video, 'readyState', { configurable: true, get: () => 1 });
    fireEvent.loadedMetadata(video);
    // Nothing said or moved while the server has not answered.
    expect(screen.queryByRole('status')).toBeNull();
    expect(video.currentTime).toBe(0);
    await act(async () => answer([{ videoId: VIDEO._id, position: 400, completed: false, at: at(5) }]));
    expect(await screen.findByText('Resuming at 6:40')).toBeTruthy();
    expect(video.currentTime).toBe(400);
  });

  it('keeps the device’s newer place over an older one from the server', async () => {
    keepPlace('me', VIDEO._id, { position: 100, completed: false, at: at(5) });
    const { asked, video } = renderPlayer({ owner: 'me' }, [
      { videoId: VIDEO._id, position: 400, completed: false, at: at(0) },
    ]);
    expect(await screen.findByText('Resuming at 1:40')).toBeTruthy();
    expect(asked).toHaveLength(1);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(100);
  });

  it('starts a finished video (completed, or stopped near the end) at 0', async () => {
    keepPlace('me', VIDEO._id, { position: 300, completed: true, at: at(5) });
    const first = renderPlayer({ owner: 'me', online: false });
    fireEvent.loadedMetadata(first.video);
    expect(first.video.currentTime).toBe(0);
    expect(screen.queryByText(/Resuming at/)).toBeNull();
    cleanup();

    // The server says finished later than the device's unfinished place.
    keepPlace('you', VIDEO._id, { position: 120, completed: false, at: at(0) });
    const { video, asked } = renderPlayer({ owner: 'you' }, [
      { videoId: VIDEO._id, position: 590, completed: false, at: at(9) },
    ]);
    // Not said while the server has not answered: its place may be the later one.
    expect(screen.queryByText(/Resuming at/)).toBeNull();
    await waitFor(() => expect(asked).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(0);
    expect(screen.queryByText(/Resuming at/)).toBeNull();
  });

  it('keeps the place on the device every few seconds and on pause, and sends it when signed in', () => {
    let clock = Date.UTC(2026, 0, 5, 11, 0);
    const sent: Array<ActionOf<'progress'>> = [];
    const { video } = renderPlayer({
      owner: 'me',
      online: false,
      enqueue: (a) => sent.push(a),
      now: () => clock,
    });
    setPlaying(video, true);
    fireEvent.play(video);
    video.currentTime = 6;
    clock += 6_000;
    fireEvent.timeUpdate(video);
    expect(readPlace('me', VIDEO._id)).toMatchObject({ position: 6, completed: false });
    expect(sent).toEqual([]); // kept often, sent at most every 30 s while playing
    video.currentTime = 42.04;
    clock += 2_000;
    setPlaying(video, false);
    fireEvent.pause(video);
    const place = { position: 42, completed: false, at: new Date(clock).toISOString() };
    expect(readPlace('me', VIDEO._id)).toEqual(place);
    expect(sent).toEqual([{ kind: 'progress', videoId: VIDEO._id, ...place, about: 'Fractions' }]);
  });

  it('keeps the place when the page is hidden, and only on the device when signed out', () => {
    const sent: Array<ActionOf<'progress'>> = [];
    const { video } = renderPlayer({ online: false, enqueue: (a) => sent.push(a) });
    setPlaying(video, true);
    fireEvent.play(video);
    video.currentTime = 75;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      fireEvent(document, new Event('visibilitychange'));
    } finally {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    }
    expect(readPlace(undefined, VIDEO._id)).toMatchObject({ position: 75, completed: false });
    expect(sent).toEqual([]);
  });

  it('marks the video finished at its end', () => {
    const sent: Array<ActionOf<'progress'>> = [];
    const { video } = renderPlayer({ owner: 'me', online: false, enqueue: (a) => sent.push(a) });
    setPlaying(video, true);
    fireEvent.play(video);
    video.currentTime = 600;
    setPlaying(video, false);
    fireEvent.ended(video);
    expect(readPlace('me', VIDEO._id)).toMatchObject({ position: 600, completed: true });
    expect(sent.at(-1)).toMatchObject({ position: 600, completed: true });
  });
});
