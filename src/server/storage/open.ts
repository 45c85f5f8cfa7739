import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3Storage } from './s3.ts';

/** The media store the configuration names: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function openStorage(
  config: Pick<Config, 's3' | 'mediaDir' | 'dataDir'>,
): LocalDiskStorage | S3Storage {
  if (config.s3) return new S3Storage(config.s3, path.join(config.dataDir, 'tmp'));
  fs.mkdirSync(config.mediaDir, { recursive: true });
  return new LocalDiskStorage(config.mediaDir);
}
