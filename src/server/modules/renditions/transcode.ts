import { spawn } from 'node:child_process';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import { promisify } from 'node:util';
import type { MediaTools } from './media-tools.ts';

const run = promisify(execFile);

/** util-linux's setpriv (Essential on Debian), to tie ffmpeg's life to this process's; see transcode. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return process.platform === 'linux';
  } catch {
    return false;
  }
});

export type RenditionQuality = '144p' | '240p' | '360p' | 'audio';

/**
 * The ladder (docs/api.md, "Renditions"). The short side of the picture is the "p": 240p is
 * 426x240 for a landscape clip and 240x426 for a portrait one. Bit rates are caps on a
 * constant-quality encode, so a still lecture slide costs less than the cap and a busy scene no
 * more. They are set so that a minute of 144p costs at most 0.8 MB and of 240p at most 1.5 MB,
 * sound included (the benchmark checks this on a noisy 720p clip), under PeerTube's caps of
 * 210/520/1040 kbit/s.
 */
export const VIDEO_LADDER = [
  { quality: '144p', short: 144, profile: 'baseline', crf: 34, maxrateK: 46 },
  { quality: '240p', short: 240, profile: 'main', crf: 32, maxrateK: 136 },
  { quality: '360p', short: 360, profile: 'main', crf: 30, maxrateK: 320 },
] as const;
/** Mono AAC for every rendition, and for "Audio only". */
export const AUDIO_KBITS = 48;
/** A picture faster than this is slowed to it: small screens gain nothing from 60 fps. */
const MAX_FPS = 30;

export interface ProbedStream {
  codec: string;
  kind: 'video' | 'audio';
  width?: number;
  height?: number;
  channels?: number;
  fps?: number;
  rotation?: number;
}

export interface Probe {
  duration: number;
  bytes: number;
  bitrate: number | null;
  /** The picture as shown (rotation applied); undefined with no video stream. */
  display?: { width: number; height: number; fps: number };
  streams: ProbedStream[];
}

function rate(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const [n, d] = text.split('/').map(Number);
  return n && d ? n / d : undefined;
}

/** What ffprobe reads of a file: its streams, duration, size and displayed picture. */
export async function probe(tools: MediaTools, file: string): Promise<Probe> {
  const { stdout } = await run(
    tools.ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 },
  );
  const data = JSON.parse(stdout) as {
    format?: { duration?: string; size?: string; bit_rate?: string };
    streams?: Array<{
      codec_type?: string;
      codec_name?: string;
      width?: number;
      height?: number;
      channels?: number;
      avg_frame_rate?: string;
      r_frame_rate?: string;
      tags?: { rotate?: string };
      side_data_list?: Array<{ rotation?: number }>;
    }>;
  };
  const streams: ProbedStream[] = (data.streams ?? [])
    .filter((s) => s.codec_type === 'video' || s.codec_type === 'audio')
    .map((s) => ({
      codec: s.codec_name ?? 'unknown',
      kind: s.codec_type as 'video' | 'audio',
      width: s.width,
      height: s.height,
      channels: s.channels,
      fps: rate(s.avg_frame_rate) ?? rate(s.r_frame_rate),
      rotation: Number(
        s.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? s.tags?.rotate ?? 0,
      ),
    }));
  const video = streams.find((s) => s.kind === 'video' && s.width && s.height);
  const turned = video && Math.abs(video.rotation ?? 0) % 180 === 90;
  const bytes = Number(data.format?.size ?? (await fsp.stat(file)).size);
  const duration = Number(data.format?.duration ?? 0);
  return {
    duration: Number.isFinite(duration) ? duration : 0,
    bytes,
    bitrate: data.format?.bit_rate ? Math.round(Number(data.format.bit_rate)) : null,
    display: video
      ? {
          width: turned ? video.height! : video.width!,
          height: turned ? video.width! : video.height!,
          fps: video.fps ?? MAX_FPS,
        }
      : undefined,
    streams,
  };
}

export interface PlannedOutput {
  quality: RenditionQuality;
  file: string;
  mimeType: 'video/mp4' | 'audio/mp4';
  /** For video: the expected short side of the picture. */
  short?: number;
}

/** Which renditions a source gets: each rung no taller than the source, and audio if it has sound. */
export function planRenditions(source: Probe, outputFile: (ext: string) => string): PlannedOutput[] {
  const hasAudio = source.streams.some((s) => s.kind === 'audio');
  const outputs: PlannedOutput[] = [];
  if (source.display) {
    const short = Math.min(source.display.width, source.display.height);
    for (const rung of VIDEO_LADDER) {
      if (rung.short <= short) {
        outputs.push({
          quality: rung.quality,
          file: outputFile('.mp4'),
          mimeType: 'video/mp4',
          short: rung.short,
        });
      }
    }
  }
  if (hasAudio) outputs.push({ quality: 'audio', file: outputFile('.m4a'), mimeType: 'audio/mp4' });
  return outputs;
}

export interface TranscodeOptions {
  /** Encoder threads per output, and for the decoder. */
  threads: number;
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

/** The ffmpeg arguments that make every planned output in one run, with one decode of the source. */
export function ffmpegArguments(
  input: string,
  source: Probe,
  outputs: PlannedOutput[],
  threads: number,
): string[] {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-threads',
    String(threads),
    '-i',
    input,
  ];
  const videoOutputs = outputs.filter((o) => o.short !== undefined);
  const hasAudio = source.streams.some((s) => s.kind === 'audio');
  const landscape = source.display ? source.display.width >= source.display.height : true;
  if (videoOutputs.length > 0) {
    const fps = source.display && source.display.fps > MAX_FPS + 0.5 ? `fps=${MAX_FPS},` : '';
    const labels = videoOutputs.map((_, i) => `[s${i}]`).join('');
    const scales = videoOutputs.map((o, i) => {
      // The long side follows the aspect ratio, rounded to an even number as H.264 needs.
      const size = landscape ? `-2:${o.short}` : `${o.short}:-2`;
      return `[s${i}]scale=${size}:flags=bicubic,format=yuv420p,setsar=1[v${i}]`;
    });
    args.push('-filter_complex', [`[0:v:0]${fps}split=${videoOutputs.length}${labels}`, ...scales].join(';'));
  }
  const audio = ['-c:a', 'aac', '-ac', '1', '-b:a', `${AUDIO_KBITS}k`];
  const keyframes = Math.round(Math.min(source.display?.fps ?? MAX_FPS, MAX_FPS) * 4);
  videoOutputs.forEach((o, i) => {
    const rung = VIDEO_LADDER.find((r) => r.quality === o.quality)!;
    args.push('-map', `[v${i}]`, ...(hasAudio ? ['-map', '0:a:0', ...audio] : ['-an']));
    args.push(
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', rung.profile, '-crf', String(rung.crf)],
      // A one-second buffer: the cap holds over every second, not just on average, which keeps
      // the budget and suits a link that carries a steady rate.
      ...['-maxrate', `${rung.maxrateK}k`, '-bufsize', `${rung.maxrateK}k`, '-g', String(keyframes)],
      ...['-threads', String(threads), '-movflags', '+faststart', '-f', 'mp4', o.file],
    );
  });
  const audioOnly = outputs.find((o) => o.quality === 'audio');
  if (audioOnly) {
    args.push('-map', '0:a:0', '-vn', ...audio, '-movflags', '+faststart', '-f', 'mp4', audioOnly.file);
  }
  args.push('-progress', 'pipe:1', '-nostats');
  return args;
}

/**
 * Runs ffmpeg once for every planned output, at low priority, with a time limit, reporting
 * progress from `-progress`. Rejects with the end of ffmpeg's own error text when it fails.
 */
export async function transcode(
  tools: MediaTools,
  input: string,
  source: Probe,
  outputs: PlannedOutput[],
  options: TranscodeOptions,
): Promise<void> {
  const args = ffmpegArguments(input, source, outputs, options.threads);
  await new Promise<void>((resolve, reject) => {
    // If this process dies, ffmpeg must not run on as an orphan (ffmpeg ignores SIGPIPE, so a
    // closed progress pipe does not stop it): on Linux, setpriv asks the kernel to kill it when
    // its parent dies (PR_SET_PDEATHSIG), then runs it in its own place.
    const [command, commandArgs] = SETPRIV
      ? [SETPRIV, ['--pdeathsig', 'KILL', '--', tools.ffmpeg, ...args]]
      : [tools.ffmpeg, args];
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      // Lowest priority: serving students comes before making renditions.
      if (child.pid) os.setPriority(child.pid, 19);
    } catch {
      // Not allowed here; it still runs.
    }
    let stderr = '';
    let partial = '';
    let why: string | undefined;
    const stop = (reason: string) => {
      why ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(`took longer than ${Math.round(options.timeoutMs / 1000)} s`),
      options.timeoutMs,
    );
    const onAbort = () => stop(String((options.signal?.reason as Error | undefined)?.message ?? 'aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && source.duration > 0) {
          options.onProgress?.(Math.min(99, (Number(match[1]) / 1e6 / source.duration) * 100));
        }
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (code === 0 && !why) return resolve();
      const tail = stderr.trim().split('\n').slice(-3).join(' | ');
      reject(new Error(`ffmpeg ${why ?? `exited with ${code ?? signal}`}${tail ? `: ${tail}` : ''}`));
    });
  });
}

export interface CheckedOutput extends PlannedOutput {
  bytes: number;
  height: number | null;
  bitrate: number | null;
}

/**
 * Checks each output with ffprobe before anything is published: the right codecs, mono sound,
 * a picture of the planned size and never taller than the source, and the source's duration.
 */
export async function checkOutputs(
  tools: MediaTools,
  source: Probe,
  outputs: PlannedOutput[],
): Promise<CheckedOutput[]> {
  const checked: CheckedOutput[] = [];
  for (const output of outputs) {
    const got = await probe(tools, output.file);
    const fail = (why: string) => {
      throw new Error(`the ${output.quality} rendition is not right: ${why}`);
    };
    const video = got.streams.find((s) => s.kind === 'video');
    const audio = got.streams.find((s) => s.kind === 'audio');
    if (output.short !== undefined) {
      if (!video || video.codec !== 'h264') fail(`video codec ${video?.codec ?? 'none'}, not h264`);
      const short = Math.min(got.display!.width, got.display!.height);
      if (short !== output.short) fail(`picture ${got.display!.width}x${got.display!.height}`);
      if (source.display && got.display!.height > source.display.height) fail('taller than the source');
    } else if (video) {
      fail('audio only has a picture');
    }
    const sourceHasAudio = source.streams.some((s) => s.kind === 'audio');
    if (sourceHasAudio && (!audio || audio.codec !== 'aac' || audio.channels !== 1)) {
      fail(`sound ${audio?.codec ?? 'none'} with ${audio?.channels ?? 0} channels, not mono AAC`);
    }
    if (
      source.duration > 0 &&
      Math.abs(got.duration - source.duration) > Math.max(1, source.duration * 0.05)
    ) {
      fail(`lasts ${got.duration.toFixed(2)} s, the source ${source.duration.toFixed(2)} s`);
    }
    const { size } = await fsp.stat(output.file);
    checked.push({
      ...output,
      bytes: size,
      height: output.short !== undefined ? got.display!.height : null,
      bitrate: got.duration > 0 ? Math.round((size * 8) / got.duration) : null,
    });
  }
  return checked;
}
