import { execFileSync } from 'node:child_process';

/**
 * Makes a real WebM clip with ffmpeg that does not compress away: a moving test picture under
 * heavy noise at a fixed 14 Mbit/s, so `seconds` of it weigh about 1.7 MB each. For upload
 * journeys and benchmarks, which need tens of megabytes of genuine video.
 */
export function makeNoisyClip(file: string, { seconds, audio }: { seconds: number; audio: boolean }): void {
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440'] : []),
    ...['-t', String(seconds), '-vf', 'noise=alls=40:allf=t'],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'],
    ...['-b:v', '14M', '-minrate', '14M', '-maxrate', '14M'],
    ...(audio ? ['-c:a', 'libopus'] : ['-an']),
    ...['-y', file],
  ]);
}

/**
 * Makes a small H.264 + AAC MP4 of a moving test picture at the given size, for the renditions
 * tests: they need sources of known heights (a 300-px source must get no 360p).
 */
export function makeClip(
  file: string,
  {
    width,
    height,
    seconds,
    audio = true,
    fps = 25,
    noise,
  }: {
    width: number;
    height: number;
    seconds: number;
    audio?: boolean;
    fps?: number;
    /**
     * Noise over the picture (with the source held to 1 Mbit/s), so that its renditions do not
     * compress away and weigh what real lessons do: 240p then costs about 1.5 MB a minute.
     */
    noise?: boolean;
  },
): void {
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`],
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100'] : []),
    ...(noise ? ['-vf', 'noise=alls=30:allf=t', '-b:v', '1M'] : []),
    ...['-t', String(seconds), '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...(audio ? ['-c:a', 'aac', '-ac', '2', '-b:a', '96k'] : ['-an']),
    ...['-movflags', '+faststart', '-y', file],
  ]);
}
