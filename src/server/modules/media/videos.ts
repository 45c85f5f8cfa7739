import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import type { VIDEO_TYPES } from '../../../shared/contracts/videos.ts';
import { AppError } from '../../errors.ts';
import type { MediaLibrary } from './media-library.ts';

const EXTENSIONS: Record<(typeof VIDEO_TYPES)[number], string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };

/** A stored video's type, from the extension its key was given by `storeVideo`. */
export function videoMimeOf(key: string): string {
  const extension = key.split('.').pop();
  const found = Object.entries(EXTENSIONS).find(([, ext]) => ext === extension);
  return found ? found[0] : 'application/octet-stream';
}

/**
 * The duration the container itself records, in seconds; undefined when it cannot be read (a
 * damaged or streaming-only file). No ffmpeg: the container headers are parsed directly.
 */
export async function probeDuration(filePath: string): Promise<number | undefined> {
  try {
    const { format } = await parseFile(filePath, { duration: true, skipCovers: true });
    const seconds = format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0
      ? Math.round(seconds * 100) / 100
      : undefined;
  } catch {
    return undefined;
  }
}

/** "95", "95.5", "1:35" or "01:01:35" as seconds; undefined for anything else. */
export function parseDurationText(text: string | undefined): number | undefined {
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const parts = text.split(':');
  if (
    parts.length < 2 ||
    parts.length > 3 ||
    !parts.every((p) => /^\d{1,2}(\.\d+)?$/.test(p) || /^\d+$/.test(p))
  ) {
    return undefined;
  }
  return parts.reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * Checks an uploaded video by its bytes (MP4 or WebM), reads its real duration, and moves it into
 * storage under a server-chosen name. Returns the key, the duration, the size and the type.
 */
export async function storeVideo(
  media: MediaLibrary,
  tempPath: string,
  fallbackDuration: string | undefined,
): Promise<{ key: string; duration: number; bytes: number; mime: string }> {
  const type = await fileTypeFromFile(tempPath);
  const mime = type?.mime as (typeof VIDEO_TYPES)[number] | undefined;
  if (!mime || !(mime in EXTENSIONS)) {
    throw new AppError(415, 'The video must be an MP4 or WebM file', [
      { field: 'videoFile', message: 'must be an MP4 or WebM video' },
    ]);
  }
  const duration = (await probeDuration(tempPath)) ?? parseDurationText(fallbackDuration) ?? 0;
  const { size } = await fsp.stat(tempPath);
  const key = media.newKey('videos', EXTENSIONS[mime]);
  await media.publishFile(key, tempPath);
  return { key, duration, bytes: size, mime };
}
