// The like button and the outbox keep their queue in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetail } from '../../src/shared/contracts/courses.ts';
import type { Rendition, RenditionQuality, Video } from '../../src/shared/contracts/videos.ts';
import { ApiError, type ApiClient } from '../../src/client/lib/api-client.ts';
import { keepPlace } from '../../src/client/features/videos/resume-place.ts';
import { cuesOf, Transcript, type Cue } from '../../src/client/features/videos/transcript.tsx';
import { LINES_AT_ONCE } from '../../src/client/features/videos/transcript-window.ts';
import { renderAppAt } from './render-app.tsx';

/**
 * The player a learner needs (docs/product-additions.md): Speed, Captions, Transcript, Chapters
 * and Listen, on the rendered /videos/{id} and lesson screens. The API is a fake answering the
 * few reads these screens make; jsdom plays nothing and has no TextTrack cues, so the element's
 * state is read and set by hand, and the transcript's lines are given to it directly.
 */
configure({ asyncUtilTimeout: 5000 });

const r = (quality: RenditionQuality, bytes: number): Rendition => ({
  quality,
  url: `/media/v/${quality}.mp4`,
  bytes,
  mimeType: quality === 'audio' ? 'audio/mp4' : 'video/mp4',
  height: null,
  bitrate: null,
});

const owner = {
  _id: 'u1',
  username: 'asha',
  fullName: 'Asha Rao',
  avatar: '/media/a.webp',
  coverImage: null,
};

function makeVideo(id: string, extra: Partial<Video> = {}): Video {
  return {
    _id: id,
    title: `Fractions ${id}`,
    description: 'Halves and quarters.',
    videoFile: `/media/${id}/original.mp4`,
    thumbnail: `/media/${id}/thumb.webp`,
    duration: 600,
    views: 0,
    likesCount: 0,
    owner,
    renditions: [r('240p', 9_800_000), r('original', 58_000_000)],
    processing: { state: 'done', progress: 100 },
    captions: [],
    chapters: [],
    quiz: null,
    progress: null,
    createdAt: '2026-11-26T00:00:00.000Z',
    updatedAt: '2026-11-26T00:00:00.000Z',
    ...extra,
  };
}

const captions = [
  { _id: 'c-en', language: 'en', label: 'English', url: '/media/plain/en.vtt', bytes: 300 },
  { _id: 'c-hi', language: 'hi', label: 'Hindi', url: '/media/plain/hi.vtt', bytes: 400 },
];
const chapters = [
  { start: 0, title: 'Introduction' },
  { start: 275, title: 'Worked example' },
  { start: 450, title: 'Practice' },
];

/** A fake API: the reads of these screens, for a visitor who is not signed in. */
function fakeApi(answers: Record<string, unknown>): ApiClient {
  const notFound = () => Promise.reject(new ApiError(404, 'Not found'));
  return {
    tokenMode: 'memory',
    get: <T,>(path: string) => {
      if (path === '/users/current-user') return Promise.reject(new ApiError(401, 'Sign in'));
      if (path.startsWith('/users/c/')) return Promise.resolve({ ...owner, isSubscribed: false } as T);
      return path in answers ? Promise.resolve(answers[path] as T) : notFound();
    },
    post: notFound,
    patch: notFound,
    put: notFound,
    delete: notFound,
    postForm: notFound,
    send: () => Promise.resolve(new Response(null, { status: 404 })),
    refreshSession: () => Promise.resolve(false),
    onSessionEnded: () => () => undefined,
  };
}

async function openVideo(video: Video) {
  const view = await renderAppAt(`/videos/${video._id}`, {
    api: fakeApi({ [`/videos/v/${video._id}`]: video }),
  });
  await screen.findByRole('heading', { level: 2, name: video.title });
  return { ...view, element: () => document.querySelector('video, audio') as HTMLMediaElement };
}

/**
 * jsdom has no Media Session: a fake one that keeps what the player gives it, and a fake
 * MediaMetadata that keeps its fields.
 */
function fakeMediaSession() {
  const handlers = new Map<MediaSessionAction, MediaSessionActionHandler | null>();
  const fake = {
    metadata: null as MediaMetadataInit | null,
    setActionHandler: (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
      handlers.set(action, handler);
    },
  };
  class FakeMediaMetadata {
    title: string;
    artist: string;
    artwork: MediaImage[];
    constructor(init: MediaMetadataInit) {
      this.title = init.title ?? '';
      this.artist = init.artist ?? '';
      this.artwork = [...(init.artwork ?? [])];
    }
  }
  Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: fake });
  vi.stubGlobal('MediaMetadata', FakeMediaMetadata);
  return { session: fake, handlers };
}

beforeEach(() => {
  // Nothing plays in jsdom; the element says it is paused, and play() is a promise kept.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  // Nor does it scroll, which the router does on each screen.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaSession');
});

describe('the player’s controls', { timeout: 20_000 }, () => {
  it('offers only Speed for a video with no captions, chapters or audio copy', async () => {
    await openVideo(makeVideo('plain'));
    expect(screen.getByRole('combobox', { name: 'Speed' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Captions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transcript' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Chapters' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Chapters' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Listen' })).toBeNull();
    expect(document.querySelectorAll('track')).toHaveLength(0);
  });

  it('lists Off and each language under Captions, as tracks of the video, and remembers the choice', async () => {
    const video = makeVideo('capt', { captions });
    const first = await openVideo(video);
    const select = screen.getByRole('combobox', { name: 'Captions' }) as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Off', 'English', 'Hindi']);
    expect(select.value).toBe('off');
    const tracks = [...first.element().querySelectorAll('track')];
    expect(tracks.map((t) => [t.kind, t.srclang, t.label, t.getAttribute('src')])).toEqual([
      ['subtitles', 'en', 'English', '/media/plain/en.vtt'],
      ['subtitles', 'hi', 'Hindi', '/media/plain/hi.vtt'],
    ]);

    fireEvent.change(select, { target: { value: 'hi' } });
    expect(select.value).toBe('hi');
    expect(localStorage.getItem('eduportal-captions')).toBe('hi');

    // Another visit: Hindi again, with no choice made.
    first.unmount();
    await openVideo(video);
    expect((screen.getByRole('combobox', { name: 'Captions' }) as HTMLSelectElement).value).toBe('hi');

    // Off is a choice too.
    fireEvent.change(screen.getByRole('combobox', { name: 'Captions' }), { target: { value: 'off' } });
    expect(localStorage.getItem('eduportal-captions')).toBe('off');
  });

  it('plays at the chosen speed, kept for the next video and each new load', async () => {
    const first = await openVideo(makeVideo('speedy'));
    const speed = screen.getByRole('combobox', { name: 'Speed' }) as HTMLSelectElement;
    expect(
      within(speed)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0.75×', '1×', '1.25×', '1.5×', '2×']);
    expect(speed.value).toBe('1');
    fireEvent.change(speed, { target: { value: '1.5' } });
    expect(first.element().playbackRate).toBe(1.5);
    // A new source (another quality) starts at the default rate: that is 1.5× too.
    expect(first.element().defaultPlaybackRate).toBe(1.5);
    expect(localStorage.getItem('eduportal-speed')).toBe('1.5');

    first.unmount();
    const second = await openVideo(makeVideo('speedy-2'));
    expect((screen.getByRole('combobox', { name: 'Speed' }) as HTMLSelectElement).value).toBe('1.5');
    expect(second.element().playbackRate).toBe(1.5);
    second.element().playbackRate = 1;
    fireEvent.loadedMetadata(second.element());
    expect(second.element().playbackRate).toBe(1.5);
  });

  it('lists the chapters, which seek, with their marks on the bar under the picture', async () => {
    const { element } = await openVideo(makeVideo('chap', { chapters }));
    const list = screen.getByRole('region', { name: 'Chapters' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '0:00Introduction',
      '4:35Worked example',
      '7:30Practice',
    ]);
    fireEvent.click(within(list).getByRole('button', { name: /Worked example/ }));
    expect(element().currentTime).toBe(275);

    const bar = screen.getByRole('group', { name: 'Chapters' });
    const marks = within(bar).getAllByRole('button');
    expect(marks.map((m) => [m.getAttribute('aria-label'), m.style.left])).toEqual([
      ['Introduction', '0%'],
      ['Worked example', `${(275 / 600) * 100}%`],
      ['Practice', '75%'],
    ]);
    fireEvent.click(within(bar).getByRole('button', { name: 'Practice' }));
    expect(element().currentTime).toBe(450);
    // Moved by the student: the list marks the chapter playing.
    fireEvent.timeUpdate(element());
    expect(
      within(list)
        .getByRole('button', { name: /Practice/ })
        .getAttribute('aria-current'),
    ).toBe('true');
  });

  it('keeps a chapter chosen before play, rather than going back to where the student stopped', async () => {
    keepPlace(undefined, 'chap-2', { position: 100, completed: false, at: '2026-11-27T00:00:00.000Z' });
    const { element } = await openVideo(makeVideo('chap-2', { chapters }));
    expect(screen.getByText('Resuming at 1:40')).toBeTruthy();
    const list = screen.getByRole('region', { name: 'Chapters' });
    fireEvent.click(within(list).getByRole('button', { name: /Practice/ }));
    expect(screen.queryByText(/Resuming at/)).toBeNull();
    // Play: the video loads, and starts at the chapter.
    fireEvent.loadedMetadata(element());
    expect(element().currentTime).toBe(450);
  });

  it('opens the transcript panel from its button, only for a video with captions', async () => {
    await openVideo(makeVideo('tran', { captions }));
    const toggle = screen.getByRole('button', { name: 'Transcript' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // The panel's code is a file of its own, fetched when it is first opened.
    const panel = await screen.findByRole('region', { name: 'Transcript' });
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getByRole('searchbox', { name: 'Search in transcript' })).toBeTruthy();
    // jsdom loads no track: the panel says it is loading rather than showing nothing.
    expect(within(panel).getByRole('status').textContent).toBe('Loading the transcript…');
  });

  it('listens to the audio copy under the thumbnail, from where the video was, and tells the lock screen', async () => {
    const { session, handlers } = fakeMediaSession();
    const video = makeVideo('listen', { renditions: [r('audio', 2_100_000), r('240p', 9_800_000)] });
    const { element } = await openVideo(video);
    // Watching already names the video for the lock screen.
    expect(session.metadata).toMatchObject({
      title: video.title,
      artist: 'asha',
      artwork: [{ src: video.thumbnail }],
    });
    const watching = element();
    expect(watching.tagName).toBe('VIDEO');
    watching.currentTime = 42;

    const listen = screen.getByRole('button', { name: 'Listen' });
    expect(listen.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(listen);
    expect(listen.getAttribute('aria-pressed')).toBe('true');
    const audio = element();
    expect(audio.tagName).toBe('AUDIO');
    expect(audio.getAttribute('src')).toBe('/media/v/audio.mp4');
    expect(document.querySelector('video')).toBeNull();
    const thumbnail = audio.parentElement!.querySelector('img')!;
    expect(thumbnail.getAttribute('src')).toBe(video.thumbnail);
    expect(thumbnail.compareDocumentPosition(audio) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Where the video was is where the audio starts.
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(42);

    // The lock screen's buttons work on what is on show: skip back and forward 10 s, play, pause.
    act(() => handlers.get('seekbackward')?.({ action: 'seekbackward' }));
    expect(audio.currentTime).toBe(32);
    act(() => handlers.get('seekforward')?.({ action: 'seekforward' }));
    expect(audio.currentTime).toBe(42);
    act(() => handlers.get('play')?.({ action: 'play' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    act(() => handlers.get('pause')?.({ action: 'pause' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    // Not in a course: no previous or next lesson.
    expect(handlers.get('previoustrack')).toBeNull();
    expect(handlers.get('nexttrack')).toBeNull();

    // Back to watching, at the same place.
    audio.currentTime = 50;
    fireEvent.click(listen);
    const again = element();
    expect(again.tagName).toBe('VIDEO');
    fireEvent.loadedMetadata(again);
    expect(again.currentTime).toBe(50);
  });

  it('gives the lock screen the previous and next lesson in a course', async () => {
    const { handlers } = fakeMediaSession();
    const lessons = ['l1', 'l2', 'l3'].map((id, i) => ({ position: i + 1, video: makeVideo(id) }));
    const course: CourseDetail = {
      _id: 'course-1',
      title: 'Fractions for class 5',
      description: '',
      language: 'en',
      cover: null,
      owner,
      published: true,
      lessonsCount: 3,
      totalDuration: 1800,
      createdAt: '2026-11-26T00:00:00.000Z',
      updatedAt: '2026-11-26T00:00:00.000Z',
      lessons,
    };
    const { router } = await renderAppAt('/courses/course-1/lessons/l1', {
      api: fakeApi({
        '/courses/course-1': course,
        ...Object.fromEntries(lessons.map(({ video }) => [`/videos/v/${video._id}`, video])),
      }),
    });
    await screen.findByRole('heading', { level: 2, name: 'Fractions l1' });
    // The first lesson has no previous one.
    expect(handlers.get('previoustrack')).toBeNull();
    const first = document.querySelector('video')!;
    // Nothing plays on its own when a lesson opens...
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    // ...but Next on the lock screen while one plays goes on playing in the next lesson.
    Object.defineProperty(first, 'paused', { configurable: true, get: () => false });
    act(() => handlers.get('nexttrack')?.({ action: 'nexttrack' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/course-1/lessons/l2'));
    await screen.findByRole('heading', { level: 2, name: 'Fractions l2' });
    const second = document.querySelector('video')!;
    expect(second.getAttribute('src')).toBe('/media/v/240p.mp4');
    expect(second).not.toBe(first);
    await waitFor(() => expect(vi.mocked(HTMLMediaElement.prototype.play).mock.contexts).toEqual([second]));
    await waitFor(() => expect(handlers.get('previoustrack')).toBeTypeOf('function'));
    act(() => handlers.get('previoustrack')?.({ action: 'previoustrack' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/course-1/lessons/l1'));
  });
});

describe('the transcript', () => {
  const cues: Cue[] = [
    { start: 0, end: 4, text: 'Welcome to fractions' },
    { start: 4, end: 8, text: 'A HALF is one of two equal parts' },
    { start: 8, end: 12, text: 'चौथाई मतलब चार बराबर हिस्सों में से एक' },
    // "pizza" with its nukta letter as one code point (U+095B), as some keyboards type it.
    { start: 12, end: 16, text: 'पि\u095B\u095Bा से अभ्यास करें' },
  ];
  const lines = () => screen.queryAllByRole('button').map((b) => b.textContent);

  it('lists each line with its time, marks the one spoken, and seeks to a line chosen', () => {
    const onSeek = vi.fn();
    const view = render(<Transcript id="t" language="en" cues={cues} time={5} onSeek={onSeek} />);
    expect(lines()).toEqual([
      '0:00Welcome to fractions',
      '0:04A HALF is one of two equal parts',
      '0:08चौथाई मतलब चार बराबर हिस्सों में से एक',
      '0:12पि\u095B\u095Bा से अभ्यास करें',
    ]);
    const spoken = screen.getAllByRole('button').filter((b) => b.getAttribute('aria-current') === 'true');
    expect(spoken.map((b) => b.textContent)).toEqual(['0:04A HALF is one of two equal parts']);
    fireEvent.click(screen.getByRole('button', { name: /Welcome/ }));
    expect(onSeek).toHaveBeenCalledWith(0);
    view.rerender(<Transcript id="t" language="en" cues={cues} time={9} onSeek={onSeek} />);
    expect(screen.getByRole('button', { name: /चौथाई/ }).getAttribute('aria-current')).toBe('true');
  });

  it('keeps the lines with the words searched, in any case and in Hindi', () => {
    render(<Transcript id="t" language="en" cues={cues} time={0} onSeek={() => undefined} />);
    const search = screen.getByRole('searchbox', { name: 'Search in transcript' });
    fireEvent.change(search, { target: { value: 'half' } });
    expect(lines()).toEqual(['0:04A HALF is one of two equal parts']);
    fireEvent.change(search, { target: { value: 'चार बराबर' } });
    expect(lines()).toEqual(['0:08चौथाई मतलब चार बराबर हिस्सों में से एक']);
    // Typed with the nukta as a separate mark: the same word.
    fireEvent.change(search, { target: { value: 'पि\u091C\u093C\u091C\u093Cा' } });
    expect(lines()).toEqual(['0:12पि\u095B\u095Bा से अभ्यास करें']);
    fireEvent.change(search, { target: { value: 'decimals' } });
    expect(lines()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No line has these words.');
    fireEvent.change(search, { target: { value: '' } });
    expect(lines()).toHaveLength(4);
  });

  it('draws an hour of lines forty at a time, more at the end, and always the spoken one', () => {
    // 1,200 lines every 3 s, each said for 2 s (a second of silence after each), one in ten about halves.
    const hour: Cue[] = Array.from({ length: 1200 }, (_, i) => ({
      start: i * 3,
      end: i * 3 + 2,
      text: i % 10 === 0 ? `Line ${i}: a half` : `Line ${i}`,
    }));
    // Read by class: role queries over a thousand buttons take jsdom many seconds.
    const lineButtons = () => [...document.querySelectorAll<HTMLButtonElement>('.transcript-line')];
    const moreButton = () => document.querySelector<HTMLButtonElement>('.transcript-more');
    const view = render(<Transcript id="t" language="en" cues={hour} time={0} onSeek={() => undefined} />);
    expect(LINES_AT_ONCE).toBe(40);
    expect(lineButtons()).toHaveLength(40);
    expect(moreButton()!.textContent).toBe('Show more lines (1160 left)');
    fireEvent.click(moreButton()!);
    expect(lineButtons()).toHaveLength(80);
    expect(lineButtons().at(-1)!.textContent).toBe('3:57Line 79');
    // Pressed, it hands the focus to the first line it brought.
    expect(document.activeElement).toBe(lineButtons()[40]);

    // A search starts from its first forty matches again: 120 lines hold "half".
    const search = screen.getByRole('searchbox', { name: 'Search in transcript' });
    fireEvent.change(search, { target: { value: 'half' } });
    expect(lineButtons()).toHaveLength(40);
    expect(lineButtons().every((b) => b.textContent!.endsWith('a half'))).toBe(true);
    fireEvent.click(moreButton()!);
    expect(moreButton()!.textContent).toBe('Show more lines (40 left)');
    fireEvent.click(moreButton()!);
    expect(lineButtons()).toHaveLength(120);
    expect(moreButton()).toBeNull();

    // No search, the video at 45:00 (line 900): the lines down to it are drawn, and it is marked.
    fireEvent.change(search, { target: { value: '' } });
    view.rerender(<Transcript id="t" language="en" cues={hour} time={2700} onSeek={() => undefined} />);
    const spoken = lineButtons().filter((b) => b.getAttribute('aria-current') === 'true');
    expect(spoken.map((b) => b.textContent)).toEqual(['45:00Line 900: a half']);
    expect(lineButtons()).toHaveLength(920);
    expect(moreButton()!.textContent).toBe('Show more lines (280 left)');
    // In the silence after it, nothing is marked, and the lines stay.
    view.rerender(<Transcript id="t" language="en" cues={hour} time={2702.5} onSeek={() => undefined} />);
    expect(lineButtons().filter((b) => b.getAttribute('aria-current') === 'true')).toEqual([]);
    expect(lineButtons()).toHaveLength(920);
  });

  it('shows cue text as text: markup in a caption file never becomes the page’s HTML', () => {
    // What the browser's TextTrack gives: cues whose getCueAsHTML parses the cue's own markup.
    const cue = (start: number, end: number, html: string) =>
      ({
        startTime: start,
        endTime: end,
        getCueAsHTML() {
          const template = document.createElement('template');
          template.innerHTML = html;
          return template.content;
        },
      }) as unknown as TextTrackCue;
    const read = cuesOf([
      cue(0, 2, '<span title="Asha">Hello &amp; welcome</span>'),
      cue(2, 4, '<i>&lt;img src=x onerror=alert(1)&gt;</i>\nsecond line'),
      cue(4, 5, ' '),
    ] as unknown as TextTrackCueList);
    expect(read).toEqual([
      { start: 0, end: 2, text: 'Hello & welcome' },
      { start: 2, end: 4, text: '<img src=x onerror=alert(1)> second line' },
    ]);
    const { container } = render(
      <Transcript id="t" language="en" cues={read} time={0} onSeek={() => undefined} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: /onerror/ }).textContent).toContain(
      '<img src=x onerror=alert(1)>',
    );
  });
});
