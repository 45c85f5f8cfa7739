// Upload benchmark (part of `npm run bench`): a 50 MB video sent in one multipart POST beside the
// same file sent through tus in 5 MiB chunks, on loopback, in the same run; then the bytes sent
// again after a chunk is cut off at 50%.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { makeNoisyClip } from '../tests/helpers/clips.ts';
import { startServerProcess, type ServerProcess } from '../tests/helpers/server-process.ts';

const CHUNK = 5 * 1024 * 1024;
const RUNS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A real ~50 MB video: 30 s of a noisy moving picture that does not compress away. */
function makeClip(dir: string): string {
  const file = path.join(dir, 'lesson-50mb.webm');
  makeNoisyClip(file, { seconds: 30, audio: false });
  return file;
}

async function signUp(server: ServerProcess): Promise<string> {
  const avatar = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('username', 'uploader');
  form.append('email', 'uploader@school.example');
  form.append('fullName', 'Uploader');
  form.append('password', 'benchmark password');
  form.append('avatar', new Blob([new Uint8Array(avatar)], { type: 'image/png' }), 'a.png');
  await fetch(`${server.url}/api/v1/users/register`, { method: 'POST', body: form });
  const login = await fetch(`${server.url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'uploader', password: 'benchmark password' }),
  });
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** One request with a Buffer body through node:http; answers the status and headers. */
function send(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  body?: Buffer,
  cutAfter?: number,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', (err) => (cutAfter !== undefined ? resolve({ status: 0, headers: {} }) : reject(err)));
    if (body && cutAfter !== undefined) {
      // Half the chunk goes, then the connection is lost.
      req.write(body.subarray(0, cutAfter), () => setTimeout(() => req.destroy(), 200));
    } else {
      req.end(body);
    }
  });
}

export async function uploadsSection(say: (line?: string) => void): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-bench-uploads-'));
  // No renditions made meanwhile: a transcode of one upload would slow the next one measured.
  const server = await startServerProcess({
    MAX_VIDEO_BYTES: String(200 * 1024 * 1024),
    RENDITION_WORKERS: '0',
  });
  try {
    const clipPath = makeClip(dir);
    const clip = fs.readFileSync(clipPath);
    const token = await signUp(server);
    const auth = { authorization: `Bearer ${token}` };
    const thumb = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#fa2' } })
      .png()
      .toBuffer();
    const videoForm = (extra: Record<string, string | Blob>) => {
      const form = new FormData();
      form.append('title', 'Benchmark lesson');
      for (const [k, v] of Object.entries(extra)) form.append(k, v);
      form.append('thumbnail', new Blob([new Uint8Array(thumb)], { type: 'image/png' }), 't.png');
      return form;
    };

    const tusHeaders = { ...auth, 'tus-resumable': '1.0.0' };
    const create = async () => {
      const res = await send(`${server.url}/api/v1/uploads`, 'POST', {
        ...tusHeaders,
        'upload-length': clip.length,
        'upload-metadata': `filename ${Buffer.from('l.webm').toString('base64')},filetype ${Buffer.from('video/webm').toString('base64')}`,
      });
      return new URL(String(res.headers.location), server.url).toString();
    };
    const patch = (url: string, offset: number, body: Buffer, cutAfter?: number) =>
      send(
        url,
        'PATCH',
        {
          ...tusHeaders,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': offset,
          'content-length': body.length,
        },
        body,
        cutAfter,
      );

    const multipartTimes: number[] = [];
    const tusTimes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      let started = performance.now();
      const one = await fetch(`${server.url}/api/v1/videos`, {
        method: 'POST',
        headers: auth,
        body: videoForm({ videoFile: new Blob([new Uint8Array(clip)], { type: 'video/webm' }) }),
      });
      if (one.status !== 201) throw new Error(`multipart upload: ${one.status} ${await one.text()}`);
      multipartTimes.push(performance.now() - started);

      started = performance.now();
      const url = await create();
      for (let offset = 0; offset < clip.length; offset += CHUNK) {
        const res = await patch(url, offset, clip.subarray(offset, offset + CHUNK));
        if (res.status !== 204) throw new Error(`PATCH at ${offset}: ${res.status}`);
      }
      const made = await fetch(`${server.url}/api/v1/videos`, {
        method: 'POST',
        headers: auth,
        body: videoForm({ uploadId: url.split('/').pop()! }),
      });
      if (made.status !== 201) throw new Error(`video from upload: ${made.status} ${await made.text()}`);
      tusTimes.push(performance.now() - started);
    }

    // A cut at 50%: half of the chunk that crosses the middle goes, then the connection drops.
    const url = await create();
    let sent = 0;
    let offset = 0;
    const middle = Math.floor(clip.length / 2);
    while (offset + CHUNK <= middle) {
      await patch(url, offset, clip.subarray(offset, offset + CHUNK));
      sent += CHUNK;
      offset += CHUNK;
    }
    const cutChunk = clip.subarray(offset, offset + CHUNK);
    const cutAt = Math.floor(cutChunk.length / 2);
    await patch(url, offset, cutChunk, cutAt);
    sent += cutAt;
    await new Promise((r) => setTimeout(r, 300));
    const head = await send(url, 'HEAD', tusHeaders);
    offset = Number(head.headers['upload-offset']);
    const resumedFrom = offset;
    while (offset < clip.length) {
      const body = clip.subarray(offset, offset + CHUNK);
      const res = await patch(url, offset, body);
      sent += body.length;
      offset = Number(res.headers['upload-offset']);
    }
    const resent = sent - clip.length;

    const mb = clip.length / 1e6;
    const multipart = median(multipartTimes);
    const tus = median(tusTimes);
    say('\n## Uploads\n');
    say(
      `A ${mb.toFixed(1)} MB video to a server on loopback, median of ${RUNS} runs each, from the request to the video's 201:\n`,
    );
    say('| path | time ms | MB/s |');
    say('| --- | ---: | ---: |');
    say(
      `| one multipart \`POST /videos\` | ${multipart.toFixed(0)} | ${(mb / (multipart / 1000)).toFixed(1)} |`,
    );
    say(
      `| tus, 5 MiB chunks, then \`POST /videos {uploadId}\` | ${tus.toFixed(0)} | ${(mb / (tus / 1000)).toFixed(1)} |`,
    );
    const ratio = multipart / tus;
    say(
      `\ntus reaches ${(ratio * 100).toFixed(0)}% of the multipart throughput. Budget: at least 90%: ${ratio >= 0.9 ? 'yes' : '**no**'}.`,
    );
    const cutByte = Math.floor(middle / CHUNK) * CHUNK + cutAt;
    say(
      `\nA cut at 50%: half of the chunk that crosses the middle was sent (up to byte ${cutByte.toLocaleString('en')}), then the connection dropped.`,
    );
    say(
      `The server kept what arrived and the upload resumed from byte ${resumedFrom.toLocaleString('en')}; bytes sent again: ${Math.max(0, resent).toLocaleString('en')}.`,
    );
    say(
      `Budget: at most one chunk (${CHUNK.toLocaleString('en')} bytes): ${resent <= CHUNK ? 'yes' : '**no**'}.`,
    );
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
