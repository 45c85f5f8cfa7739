import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Rendition, RenditionQuality, Video } from '../../src/shared/contracts/videos.ts';
import { UploadCard } from '../../src/client/components/uploads/upload-card.tsx';
import type { UploadManager, UploadView } from '../../src/client/device/uploads/uploads.ts';
import { processingText } from '../../src/client/features/videos/video-player.tsx';
import { VideoGrid } from '../../src/client/features/videos/video-grid.tsx';
import { rememberChoice } from '../../src/client/lib/quality.ts';

// What a new student saw on the video screens, said truly: each of these failed before its fix.

const r = (quality: RenditionQuality, bytes: number): Rendition => ({
  quality,
  url: `/media/${quality}`,
  bytes,
  mimeType: quality === 'audio' ? 'audio/mp4' : 'video/mp4',
  height: null,
  bitrate: null,
});

const video: Video = {
  _id: 'v1',
  title: 'The water cycle',
  description: 'Where the rain goes',
  videoFile: '/media/original',
  thumbnail: '/media/thumb.webp',
  duration: 120,
  views: 0,
  likesCount: 0,
  owner: { _id: 'u1', username: 'asha', fullName: 'Asha Rao', avatar: '/media/a.webp', coverImage: null },
  renditions: [r('audio', 2_100_000), r('144p', 4_200_000), r('240p', 9_800_000), r('original', 58_000_000)],
  processing: { state: 'done', progress: 100 },
  captions: [],
  chapters: [],
  quiz: null,
  progress: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
};

describe('making the smaller copies', () => {
  it('says "waiting" in the queue and "started" at 0%, never "Processing 0%"', () => {
    expect(processingText({ state: 'queued', progress: 0 })).toBe('Waiting to be processed');
    expect(processingText({ state: 'running', progress: 0 })).toBe('Processing started');
    expect(processingText({ state: 'running', progress: 40 })).toBe('Processing 40%');
  });
});

describe('a video card', () => {
  const sizeOnCard = () =>
    screen.getByRole('button', { name: /The water cycle/ }).querySelector('.video-card-size')!.textContent;

  it('costs what the player starts in: 240p by default, the smallest with data saver', () => {
    const view = render(<VideoGrid videos={[video]} selectedId={undefined} onSelect={() => undefined} />);
    expect(sizeOnCard()).toBe('240p · 9.8 MB');
    view.unmount();
    localStorage.setItem('eduportal-data-saver', 'on');
    render(<VideoGrid videos={[video]} selectedId={undefined} onSelect={() => undefined} />);
    expect(sizeOnCard()).toBe('144p · 4.2 MB');
    localStorage.removeItem('eduportal-data-saver');
  });

  it('follows a choice made after it was drawn, in this page or in another tab', () => {
    render(<VideoGrid videos={[video]} selectedId={undefined} onSelect={() => undefined} />);
    expect(sizeOnCard()).toBe('240p · 9.8 MB');
    // Chosen in the player beside the list.
    act(() => rememberChoice('144p'));
    expect(sizeOnCard()).toBe('144p · 4.2 MB');
    // Chosen in another tab: the browser tells this one through a storage event.
    act(() => {
      localStorage.setItem('eduportal-quality', 'audio');
      window.dispatchEvent(new StorageEvent('storage', { key: 'eduportal-quality', newValue: 'audio' }));
    });
    expect(sizeOnCard()).toBe('Audio only · 2.1 MB');
    localStorage.removeItem('eduportal-quality');
  });
});

describe('an upload card', () => {
  const upload: UploadView = {
    id: 'up1',
    ownerId: 'u1',
    title: 'Rivers of India',
    description: '',
    thumbnailName: 't.png',
    fileName: 'rivers.mp4',
    fileType: 'video/mp4',
    size: 20_000_000,
    headHash: 'x',
    confirmed: 0,
    state: 'uploading',
    createdAt: 0,
    speed: 125_000,
    sent: 3_000_000,
    secondsLeft: 136,
  };
  const manager = {
    pause: vi.fn(),
    resume: vi.fn(),
    cancel: vi.fn(),
    forget: vi.fn(),
  } as unknown as UploadManager;

  it('shows the bytes sent while the server has confirmed none, apart from what it confirmed', () => {
    const { container } = render(<UploadCard upload={upload} manager={manager} />);
    expect(screen.getByText('Uploading: 0% confirmed by the server (0 B of 20.0 MB)')).toBeTruthy();
    expect(screen.getByText(/^3\.0 MB sent · 125 KB\/s · about/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('0');
    expect((container.querySelector('.upload-bar-sent') as HTMLElement).style.width).toBe('15%');
  });
});
