import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ffmpeg and ffprobe this server makes renditions with. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** Where they were found, for the log at start. */
  origin: 'FFMPEG_PATH' | 'system' | 'npm package';
  /** ffmpeg's first line of `-version`. */
  version: string;
}

export interface FindOptions {
  /** FFMPEG_PATH: when set, that ffmpeg and no other (an operator's choice is not second-guessed). */
  ffmpegPath?: string;
  /** FFPROBE_PATH; by default the ffprobe beside the ffmpeg found. */
  ffprobePath?: string;
  /** The folders searched for the system's tools (PATH). */
  searchPath?: string;
  /** Whether the binaries inside the optional npm packages may be used as a last resort. */
  npmFallback?: boolean;
}

export type FindResult = { tools: MediaTools; notes: string[] } | { tools: undefined; notes: string[] };

function onPath(name: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The binaries that @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe ship, if installed. */
function fromNpm(): { ffmpeg: string; ffprobe: string } | undefined {
  const require = createRequire(import.meta.url);
  try {
    const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const ffprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;
    return { ffmpeg, ffprobe };
  } catch {
    return undefined;
  }
}

/** Answers ffmpeg's version line if it runs and can encode H.264 and AAC; otherwise why not. */
async function check(ffmpeg: string, ffprobe: string): Promise<{ version: string } | { problem: string }> {
  try {
    const { stdout } = await run(ffmpeg, ['-hide_banner', '-version'], { timeout: 10_000 });
    const { stdout: encoders } = await run(ffmpeg, ['-hide_banner', '-encoders'], {
      timeout: 10_000,
      maxBuffer: 4 * 1024 * 1024,
    });
    if (!/\blibx264\b/.test(encoders) || !/\baac\b/.test(encoders)) {
      return { problem: `${ffmpeg} has no libx264 or aac encoder` };
    }
    await run(ffprobe, ['-hide_banner', '-version'], { timeout: 10_000 });
    return { version: stdout.split('\n')[0]!.trim() };
  } catch (err) {
    return { problem: `${ffmpeg} or ${ffprobe} does not run: ${(err as Error).message.split('\n')[0]}` };
  }
}

/**
 * Finds ffmpeg and ffprobe: FFMPEG_PATH if set (and then nothing else), else the system's on
 * PATH, else the binaries inside the npm packages @ffmpeg-installer/ffmpeg and
 * @ffprobe-installer/ffprobe when an operator installed them (an opt-in since they are a 2018
 * build; docs/deploy.md, "ffmpeg"). Answers undefined tools when none works:
 * uploads still work, and videos say their renditions are "unavailable".
 */
export async function findMediaTools(options: FindOptions = {}): Promise<FindResult> {
  const notes: string[] = [];
  const searchPath = options.searchPath ?? process.env.PATH ?? '';
  const candidates: Array<{ ffmpeg: string; ffprobe: string | undefined; origin: MediaTools['origin'] }> = [];
  if (options.ffmpegPath) {
    const beside = path.join(path.dirname(options.ffmpegPath), 'ffprobe');
    candidates.push({
      ffmpeg: options.ffmpegPath,
      ffprobe: options.ffprobePath ?? (fs.existsSync(beside) ? beside : onPath('ffprobe', searchPath)),
      origin: 'FFMPEG_PATH',
    });
  } else {
    const system = onPath('ffmpeg', searchPath);
    if (system) {
      candidates.push({
        ffmpeg: system,
        ffprobe: options.ffprobePath ?? onPath('ffprobe', searchPath),
        origin: 'system',
      });
    }
    const npm = options.npmFallback === false ? undefined : fromNpm();
    if (npm) candidates.push({ ...npm, ffprobe: options.ffprobePath ?? npm.ffprobe, origin: 'npm package' });
  }
  for (const candidate of candidates) {
    if (!candidate.ffprobe) {
      notes.push(`${candidate.ffmpeg} has no ffprobe beside it or on PATH (set FFPROBE_PATH)`);
      continue;
    }
    const checked = await check(candidate.ffmpeg, candidate.ffprobe);
    if ('problem' in checked) {
      notes.push(checked.problem);
      continue;
    }
    return { tools: { ...candidate, ffprobe: candidate.ffprobe, version: checked.version }, notes };
  }
  if (candidates.length === 0) {
    notes.push(
      'no ffmpeg on PATH (apt-get install ffmpeg, or set FFMPEG_PATH) and the npm packages are not installed',
    );
  }
  return { tools: undefined, notes };
}
