import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local-disk.ts';
import type { S3Storage } from './s3.ts';

/**
 * The media store the configuration names: an S3-compatible bucket when S3_BUCKET is set, else
 * DATA_DIR/media. The S3 store (and the AWS SDK, about 26 MB and 110 ms to load) is loaded only
 * when configured: a school box never loads it.
 */
export async function openStorage(
  config: Pick<Config, 's3' | 'mediaDir' | 'dataDir'>,
): Promise<LocalDiskStorage | S3Storage> {
  if (config.s3) {
    const { S3Storage } = await import('./s3.ts');
    return new S3Storage(config.s3, path.join(config.dataDir, 'tmp'));
  }
  fs.mkdirSync(config.mediaDir, { recursive: true });
  return new LocalDiskStorage(config.mediaDir);
}
