import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { IMAGE_TYPES } from '../../../shared/contracts/users.ts';
import { AppError } from '../../errors.ts';
import type { MediaLibrary } from './media-library.ts';

/** How each kind of image is stored: bounded dimensions, WebP, no metadata. */
const SHAPES = {
  avatar: { width: 256, height: 256, fit: 'cover' as const },
  cover: { width: 1600, height: 900, fit: 'inside' as const },
  thumbnail: { width: 1280, height: 720, fit: 'inside' as const },
};
export type ImageKind = keyof typeof SHAPES;

/**
 * Checks an uploaded file by its bytes (never its name or declared type), re-encodes it to a
 * bounded WebP without metadata (no GPS, no camera data), and publishes it under a fresh key of
 * its own (one file per use: media-library.ts), so the name changes whenever the picture does.
 * Returns the storage key; the caller writes the row that names it, or releases it.
 */
export async function storeImage(
  media: MediaLibrary,
  tempPath: string,
  kind: ImageKind,
  label: string,
  field: string,
): Promise<string> {
  const type = await fileTypeFromFile(tempPath);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError(415, `${label} must be a JPEG, PNG, WebP, GIF or AVIF image`, [
      { field, message: 'must be a JPEG, PNG, WebP, GIF or AVIF image' },
    ]);
  }
  let output: Buffer;
  try {
    const shape = SHAPES[kind];
    output = await sharp(tempPath, { limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize({ width: shape.width, height: shape.height, fit: shape.fit, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError(415, `${label} could not be read as an image`, [
      { field, message: 'could not be read as an image' },
    ]);
  }
  const key = media.newKey('images', 'webp');
  await media.publish(key, output);
  return key;
}

/** Smaller copies for `Save-Data: on`, by file; a few hundred at most, the oldest going first. */
const smaller = new Map<string, Buffer>();
const SMALLER_KEPT = 300;

/**
 * A copy of a stored image for a student saving data: half its width (at least 64 px) and a
 * lower WebP quality, typically a quarter of the bytes. Undefined when the file is missing or
 * not an image (the caller then serves the stored file as it is).
 */
export async function smallerImage(file: string): Promise<Buffer | undefined> {
  const kept = smaller.get(file);
  if (kept) return kept;
  try {
    const image = sharp(file, { limitInputPixels: 50_000_000, animated: false });
    const { width } = await image.metadata();
    if (!width) return undefined;
    const output = await image
      .resize({ width: Math.max(64, Math.round(width / 2)), withoutEnlargement: true })
      .webp({ quality: 50 })
      .toBuffer();
    if (smaller.size >= SMALLER_KEPT) smaller.delete(smaller.keys().next().value as string);
    smaller.set(file, output);
    return output;
  } catch {
    return undefined;
  }
}
