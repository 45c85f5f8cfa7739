import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureBucket, startRadosgw } from '../../scripts/lib/services.mjs';

/** Whether Ceph's radosgw (a real S3 store) can be started here (.ci/run installs it). */
export const hasRadosgw = ['radosgw', 'ceph-mon', 'ceph-osd'].every(
  (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0,
);

export interface S3Server {
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** radosgw on one node in a temp folder, with a fresh bucket; the S3_* settings that reach it. */
export async function startS3(): Promise<S3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-s3-'));
  const rgw = await startRadosgw(dir);
  const bucket = 'eduportal-test';
  await ensureBucket({ ...rgw, bucket });
  return {
    env: {
      S3_ENDPOINT: rgw.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: rgw.accessKeyId,
      S3_SECRET_ACCESS_KEY: rgw.secretAccessKey,
    },
    async stop() {
      await rgw.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
