import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import { readCaptions, writeWebVtt, type CaptionsReading } from '../../../shared/captions-text.ts';
import {
  captionFieldsSchema,
  defaultCaptionLabel,
  type Caption,
} from '../../../shared/contracts/captions.ts';
import { monotonicNow } from '../../clock.ts';
import { AppError, fieldErrors } from '../../errors.ts';
import type { MultipartForm } from '../../multipart-form.ts';
import type { MediaLibrary } from '../media/media-library.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import type { VideosRepository } from '../videos/videos.repository.ts';
import type { CaptionSummary, CaptionsRepository } from './captions.repository.ts';

const missingVideo = () => new AppError(404, 'This video does not exist (it may have been deleted)');
const notOwner = () => new AppError(403, 'Only the owner of this video may change or delete it');
const missingCaption = () =>
  new AppError(404, 'This caption track does not exist (it may already have been removed)');

/** A track as every answer gives it. */
export function toCaption(track: CaptionSummary, storage: MediaStorage): Caption {
  return {
    _id: track.id,
    language: track.language,
    label: track.label,
    url: storage.url(track.file),
    bytes: Number(track.bytes),
  };
}

/** A file that is not captions, or has mistakes: 400, with the lines to fix at `file`. */
function refusal(reading: Extract<CaptionsReading, { ok: false }>): AppError {
  const errors = reading.problems.map((p) => ({ field: 'file', message: p.message }));
  switch (reading.reason) {
    case 'not-text':
      return new AppError(400, 'The caption file is not a text file', errors);
    case 'not-captions':
      return new AppError(400, 'The caption file is not a WebVTT or SRT file', errors);
    case 'too-many-cues':
      return new AppError(400, 'The caption file has too many cues', errors);
    case 'invalid':
      return new AppError(
        400,
        'The caption file has mistakes: fix the lines named and send it again',
        errors,
      );
  }
}

/**
 * A video's caption tracks (docs/api.md, "Captions and chapters"): one per language, stored as
 * the WebVTT that `writeWebVtt` makes from the file sent, each under a fresh key, so a replaced
 * track's URL never serves the new bytes and a cache never serves stale ones.
 */
export class CaptionsService {
  constructor(
    private readonly captions: CaptionsRepository,
    private readonly videos: VideosRepository,
    private readonly media: MediaLibrary,
    private readonly now: () => Date = monotonicNow,
  ) {}

  private async owned(videoId: string, userId: string): Promise<void> {
    const video = await this.videos.find(videoId);
    if (!video) throw missingVideo();
    if (video.owner_id !== userId) throw notOwner();
  }

  /**
   * Adds the track, or replaces the video's track in that language: the file read and written
   * anew as WebVTT, stored, then the rows (bytes first); the replaced file released once they
   * have committed, journaled before (media-library.ts, rules 2, 3 and 5).
   */
  async add(userId: string, videoId: string, upload: MultipartForm): Promise<Caption> {
    await this.owned(videoId, userId);
    const parsed = captionFieldsSchema.safeParse(upload.fields);
    const errors = parsed.success ? [] : fieldErrors(parsed.error.issues);
    const file = upload.files.file;
    if (!file) errors.push({ field: 'file', message: 'A caption file (.vtt or .srt) is required' });
    if (!parsed.success || !file || errors.length > 0)
      throw new AppError(400, 'Some fields are not valid', errors);

    const reading = readCaptions(await fsp.readFile(file.tempPath), file.filename);
    if (!reading.ok) throw refusal(reading);
    const data = Buffer.from(writeWebVtt(reading.cues), 'utf8');
    const { language } = parsed.data;
    const track = {
      id: randomUUID(),
      video_id: videoId,
      language,
      label: parsed.data.label ?? defaultCaptionLabel(language),
      file: this.media.newKey('captions', 'vtt'),
      bytes: data.length,
      created_at: this.now().toISOString(),
    };
    await this.media.publish(track.file, data);
    try {
      for (;;) {
        const current = await this.captions.fileIn(videoId, language);
        await this.media.releasing(current);
        const put = await this.captions.put(track, current);
        if (put === undefined) throw missingVideo();
        if (put === 'changed') continue;
        await this.media.settle([track.file]);
        await this.media.release([put.replaced]);
        break;
      }
    } catch (err) {
      await this.media.release([track.file]);
      throw err;
    }
    return toCaption(track, this.media.storage);
  }

  /** Removes the track, then its file (journaled before, as a replaced one is). */
  async remove(userId: string, videoId: string, captionId: string): Promise<void> {
    await this.owned(videoId, userId);
    const track = await this.captions.find(videoId, captionId);
    if (!track) throw missingCaption();
    await this.media.releasing(track.file);
    const file = await this.captions.remove(videoId, captionId);
    // Deleted or replaced meanwhile, the file is released by whoever did it; releasing it here
    // too deletes it only if no row names it, and ends this request's journal entry.
    await this.media.release([file ?? track.file]);
    if (file === undefined) throw missingCaption();
  }
}
