// Renditions: what each copy of a realistic 720p lesson costs per minute beside the
// original, and how long making them all takes beside the clip's own length, on this machine.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findMediaTools, type MediaTools } from '../src/server/modules/renditions/media-tools.ts';
import {
  checkOutputs,
  planRenditions,
  probe,
  transcode,
  type CheckedOutput,
} from '../src/server/modules/renditions/transcode.ts';

const SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 120);
/** The server's default (RENDITION_THREADS). */
const THREADS = 2;
const BUDGET_MB_PER_MINUTE: Record<string, number> = { '144p': 0.8, '240p': 1.5, audio: 0.4 };
const BUDGET_TIME_RATIO = 0.75;

/**
 * A clip like a phone's: 720p at 30 fps for two minutes, a picture that moves everywhere with
 * fine detail (a cellular automaton over drifting colour gradients) and sensor-like noise, and
 * stereo sound (a tone under pink noise), encoded as a phone would at about 2.5 Mbit/s. Noise and
 * detail are what a flat test pattern lacks and what makes small copies expensive.
 */
function makeLessonClip(file: string) {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'life=s=640x360:mold=10:r=30:ratio=0.12:death_color=#3060a0:life_color=#f0e0c0'],
    ...['-f', 'lavfi', '-i', 'gradients=s=1280x720:r=30:speed=0.02:n=5'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=44100'],
    ...['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.1:sample_rate=44100'],
    '-filter_complex',
    '[0:v]scale=1280:720:flags=neighbor[cells];[cells][1:v]blend=all_mode=overlay,noise=alls=8:allf=t+u,format=yuv420p[v];' +
      '[2:a][3:a]amix=inputs=2,aformat=channel_layouts=stereo[a]',
    ...['-map', '[v]', '-map', '[a]', '-t', String(SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-maxrate', '2500k', '-bufsize', '5000k'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', file],
  ]);
}

async function measure(tools: MediaTools, clip: string, dir: string) {
  const source = await probe(tools, clip);
  let n = 0;
  const outputs = planRenditions(source, (ext) =>
    path.join(dir, `${tools.origin.replace(/\W/g, '')}-${n++}${ext}`),
  );
  const started = performance.now();
  await transcode(tools, clip, source, outputs, { threads: THREADS, timeoutMs: 30 * 60_000 });
  const seconds = (performance.now() - started) / 1000;
  const checked: CheckedOutput[] = await checkOutputs(tools, source, outputs);
  return { source, seconds, checked };
}

export async function renditionsSection(say: (line?: string) => void): Promise<void> {
  say('\n## Renditions\n');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-bench-renditions-'));
  try {
    const clip = path.join(dir, 'lesson-720p.mp4');
    const made = performance.now();
    makeLessonClip(clip);
    const system = (await findMediaTools({ npmFallback: false })).tools;
    const npm = (await findMediaTools({ searchPath: '' })).tools;
    const runs = [system, npm].filter((t): t is MediaTools => t !== undefined);
    if (runs.length === 0) {
      say('No ffmpeg here: renditions not measured.');
      return;
    }
    const mbPerMinute = (bytes: number, seconds: number) => bytes / 1e6 / (seconds / 60);
    for (const tools of runs) {
      const { source, seconds, checked } = await measure(tools, clip, dir);
      if (tools === runs[0]) {
        say(
          `A ${fmt(source.duration, 0)}-s 1280x720 clip at 30 fps with moving detail and noise, made in the run ` +
            `(${fmt((performance.now() - made) / 1000, 0)} s to make), ${fmt(source.bytes / 1e6, 1)} MB: ` +
            `the original costs ${fmt(mbPerMinute(source.bytes, source.duration), 2)} MB a minute.\n`,
        );
      }
      say(
        `${tools.origin === 'system' ? 'The system ffmpeg' : 'The npm package ffmpeg'} (${tools.version.slice(0, 40)}), ${THREADS} threads:\n`,
      );
      say('| copy | height | MB per minute | of the original | budget MB/min | met |');
      say('| --- | ---: | ---: | ---: | ---: | --- |');
      for (const out of checked) {
        const perMinute = mbPerMinute(out.bytes, source.duration);
        const budget = BUDGET_MB_PER_MINUTE[out.quality];
        say(
          `| ${out.quality} | ${out.height ?? '-'} | ${fmt(perMinute, 3)} | ${fmt((out.bytes / source.bytes) * 100, 1)}% | ` +
            `${budget ?? '-'} | ${budget === undefined ? '-' : mark(perMinute <= budget)} |`,
        );
      }
      const ratio = seconds / source.duration;
      say(
        `\nAll ${checked.length} copies in one ffmpeg run: ${fmt(seconds, 1)} s for ${fmt(source.duration, 0)} s of video, ` +
          `${fmt(ratio, 2)}x its length. Budget: at most ${BUDGET_TIME_RATIO}x: ${mark(ratio <= BUDGET_TIME_RATIO)}.\n`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'yes' : '**no**');
