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
