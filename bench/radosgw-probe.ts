// Measures whether Ceph's radosgw from Debian can be the cluster's real S3 (docs/deploy.md): the
// same single-node setup as `npm run cluster` (one monitor, one memstore OSD, radosgw, no auth),
// timed from nothing to an S3 answer, with each daemon's resident memory. Stops them by PID.
// Run with `npx tsx bench/radosgw-probe.ts`; needs radosgw, ceph-mon and ceph-osd installed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssKb, startRadosgw } from '../scripts/lib/services.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-rgw-probe-'));
const started: Array<{ stop(): Promise<void> }> = [];
try {
  const rgw = await startRadosgw(dir, started);
  process.stdout.write(`radosgw answered S3 after ${(rgw.startMs / 1000).toFixed(1)} s\n`);
  await new Promise((r) => setTimeout(r, 2000));
  let total = 0;
  for (const pid of rgw.pids) {
    const kb = rssKb(pid);
    total += kb;
    process.stdout.write(
      `${fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()} pid ${pid}: ${Math.round(kb / 1024)} MB\n`,
    );
  }
  process.stdout.write(`resident memory of the three daemons: ${Math.round(total / 1024)} MB\n`);
} finally {
  for (const s of [...started].reverse()) await s.stop().catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
}
