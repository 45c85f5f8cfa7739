import { afterEach, describe, expect, it } from 'vitest';
import type { Rendition, RenditionQuality } from '../../src/shared/contracts/videos.ts';
import { defaultQuality, lastChoice, qualityLabel, rememberChoice } from '../../src/client/lib/quality.ts';

const r = (quality: RenditionQuality, bytes: number, height: number | null = null): Rendition => ({
  quality,
  url: `/media/${quality}`,
  bytes,
  mimeType: quality === 'audio' ? 'audio/mp4' : 'video/mp4',
  height,
  bitrate: null,
});
// As the server orders them: smallest first, the original last.
const all = [
  r('audio', 2_100_000),
  r('144p', 4_200_000, 144),
  r('240p', 9_800_000, 240),
  r('360p', 19_000_000, 360),
  r('original', 58_000_000, 720),
];

describe('choosing a quality', () => {
  afterEach(() => localStorage.clear());

  it('labels each copy with what it costs', () => {
    expect(all.map(qualityLabel)).toEqual([
      'Audio only · 2.1 MB',
      '144p · 4.2 MB',
      '240p · 9.8 MB',
      '360p · 19.0 MB',
      'Original · 58.0 MB',
    ]);
  });

  it('starts at 240p, or at the lowest picture with data saver on, or at the last choice', () => {
    expect(defaultQuality(all, { dataSaver: false, last: undefined })?.quality).toBe('240p');
    expect(defaultQuality(all, { dataSaver: true, last: '360p' })?.quality).toBe('144p');
    expect(defaultQuality(all, { dataSaver: false, last: 'audio' })?.quality).toBe('audio');
  });

  it('falls back when a video lacks the usual copies', () => {
    // A 200-px source: no 240p.
    const small = [r('audio', 1), r('144p', 2, 144), r('original', 3, 200)];
    expect(defaultQuality(small, { dataSaver: false, last: '360p' })?.quality).toBe('144p');
    // Still being processed: only the original.
    const processing = [r('original', 3, 720)];
    expect(defaultQuality(processing, { dataSaver: true, last: undefined })?.quality).toBe('original');
    expect(defaultQuality(processing, { dataSaver: false, last: '240p' })?.quality).toBe('original');
  });

  it('remembers the last choice on the device', () => {
    expect(lastChoice()).toBeUndefined();
    rememberChoice('360p');
    expect(lastChoice()).toBe('360p');
  });
});
