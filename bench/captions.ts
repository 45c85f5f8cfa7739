// Captions: what a lesson's caption tracks add to a saved 240p lesson, and how fast "Search in
// transcript" answers each keystroke over an hour of cues on a phone-speed CPU, in Chromium at
// 412x915 against the production server.
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { LINES_AT_ONCE } from '../src/client/features/videos/transcript-window.ts';
import { makeClip } from '../tests/helpers/clips.ts';
import { median, onPhone, signUp, uploadLesson } from './lesson.ts';

/** Budgets of the player issue: captions at most 1% of a saved lesson, a keystroke under 50 ms. */
const SHARE_BUDGET = 0.01;
const KEYSTROKE_BUDGET_MS = 50;
const ROUNDS = 5;

// Sentences of a spoken lesson, long as a caption line is (about 40 characters), in both languages.
const ENGLISH = [
  'Today we learn how fractions work',
  'A half is one of two equal parts',
  'Now cut the pizza into four pieces',
  'Each piece is one quarter of the whole',
  'Write the top number over the bottom one',
  'Which is bigger, one third or one half?',
];
const HINDI = [
  'आज हम सीखेंगे कि भिन्न कैसे काम करते हैं',
  'आधा मतलब दो बराबर हिस्सों में से एक',
  'अब पिज़्ज़ा को चार टुकड़ों में काटिए',
  'हर टुकड़ा पूरे का एक चौथाई है',
  'ऊपर की संख्या नीचे वाली के ऊपर लिखिए',
  'कौन बड़ा है, एक तिहाई या आधा?',
];

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** A WebVTT track of `seconds` of speech: a line every 3 s, as captions of a talk have. */
function track(seconds: number, sentences: string[]): string {
  const cues: string[] = ['WEBVTT', ''];
  for (let at = 0, n = 0; at + 3 <= seconds; at += 3, n++) {
    cues.push(`${stamp(at)} --> ${stamp(at + 3)}`, `${sentences[n % sentences.length]} (${n + 1})`, '');
  }
  return cues.join('\n');
}

async function addTrack(
  context: BrowserContext,
  origin: string,
  videoId: string,
  language: string,
  text: string,
): Promise<number> {
  const res = await context.request.post(`/api/v1/videos/${videoId}/captions`, {
    headers: { origin },
    multipart: {
      language,
      file: { name: `${language}.vtt`, mimeType: 'text/vtt', buffer: Buffer.from(text) },
    },
  });
  if (res.status() !== 201) throw new Error(`captions refused: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: { bytes: number } }).data.bytes;
}

// A string, not a function: tsx would add helpers to a function that the page does not have.
// Types `word` into the transcript's search box a letter at a time, as a student does, and times
// each letter twice: from the input event to the next frame (the letter in the box: what typing
// feels like), and to the first frame whose lines are the ones that contain the letters so far
// (counted from the text of every cue of the track, read before typing; the transcript draws the
// first LINES_AT_ONCE of them).
/** The words of every cue of the track the transcript reads, folded as the transcript folds them. */
const cueTexts = `[...document.querySelectorAll('video track')]
    .map((element) => element.track)
    .filter((track) => track.cues && track.cues.length > 0)
    .flatMap((track) => [...track.cues])
    .map((cue) => fold(cue.getCueAsHTML().textContent.replace(/\\s+/g, ' ').trim()))
    .filter((text) => text !== '')`;

const typeAndTime = (word: string, before: number) => `(async () => {
  const box = document.querySelector('.transcript input[type="search"]');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const fold = (text) => text.normalize('NFC').toLocaleLowerCase();
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const type = (text) => {
    setValue.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const shownLines = '.transcript-line';
  const all = ${cueTexts};
  type('');
  for (let i = 0; i < 50 && document.querySelectorAll(shownLines).length < Math.min(all.length, ${LINES_AT_ONCE}); i++) await frame();
  // As far into the lesson as ${before} lines: "Show more lines" until they are drawn.
  while (document.querySelectorAll(shownLines).length < Math.min(all.length, ${before})) {
    const had = document.querySelectorAll(shownLines).length;
    document.querySelector('.transcript-more').click();
    for (let i = 0; i < 50 && document.querySelectorAll(shownLines).length === had; i++) await frame();
  }
  const typed = [];
  const drawn = [];
  for (let i = 1; i <= ${JSON.stringify(word)}.length; i++) {
    const text = ${JSON.stringify(word)}.slice(0, i);
    const expected = Math.min(all.filter((line) => line.includes(fold(text))).length, ${LINES_AT_ONCE});
    const t0 = performance.now();
    type(text);
    await frame();
    typed.push(performance.now() - t0);
    while (document.querySelectorAll(shownLines).length !== expected && performance.now() - t0 < 5000) await frame();
    drawn.push(performance.now() - t0);
  }
  return { typed, drawn };
})()`;

export async function captionsSection(say: (line?: string) => void): Promise<void> {
  say('\n## Captions\n');
  await onPhone('captions', async ({ context, origin, dir }) => {
    await signUp(context, origin, 'captioner');

    // A two-minute lesson of a noisy picture, so that its 240p copy weighs what a real one does,
    // with English and Hindi captions of the same two minutes.
    const seconds = 120;
    const clip = path.join(dir, 'lesson.mp4');
    makeClip(clip, { width: 640, height: 360, seconds, noise: true });
    const lesson = await uploadLesson(context, origin, clip, 'Fractions, with captions');
    const small = lesson.renditions.find((r) => r.quality === '240p')!;
    const captionBytes =
      (await addTrack(context, origin, lesson._id, 'en', track(seconds, ENGLISH))) +
      (await addTrack(context, origin, lesson._id, 'hi', track(seconds, HINDI)));
    const share = captionBytes / (small.bytes + captionBytes);
    say(
      `A two-minute lesson saved at 240p with English and Hindi captions (a line every 3 s): video ${(small.bytes / 1e6).toFixed(2)} MB, captions ${(captionBytes / 1e3).toFixed(1)} KB, **${(share * 100).toFixed(2)}%** of the saved bytes (budget at most ${SHARE_BUDGET * 100}%: ${share <= SHARE_BUDGET ? 'met' : '**missed**'}).\n`,
    );

    // An hour of cues on a short clip: the transcript reads them all, whatever the video's length.
    const hourClip = path.join(dir, 'short.mp4');
    makeClip(hourClip, { width: 320, height: 180, seconds: 4 });
    const talk = await uploadLesson(context, origin, hourClip, 'An hour of captions');
    const hourBytes = await addTrack(context, origin, talk._id, 'hi', track(3600, HINDI));
    const page = await context.newPage();
    await page.goto(`/videos/${talk._id}`);
    await page.getByRole('button', { name: 'Transcript' }).click();
    await page.locator('.transcript-line').first().waitFor({ timeout: 30_000 });
    const lines = (await page.evaluate(`(() => {
      const fold = (text) => text.normalize('NFC').toLocaleLowerCase();
      return ${cueTexts}.length;
    })()`)) as number;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const typed: number[] = [];
    const drawn: number[] = [];
    // The first letter typed 45 minutes into the lesson, when the lines down to the spoken one
    // (920) are drawn and the search takes all but forty of them away in one commit.
    const farTyped: number[] = [];
    const farDrawn: number[] = [];
    const far = 920;
    for (let round = 0; round < ROUNDS; round++) {
      for (const word of ['पिज़्ज़ा', 'quarter']) {
        const times = (await page.evaluate(typeAndTime(word, LINES_AT_ONCE))) as {
          typed: number[];
          drawn: number[];
        };
        typed.push(...times.typed);
        drawn.push(...times.drawn);
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const word of ['पिज़्ज़ा', 'quarter']) {
        const deep = (await page.evaluate(typeAndTime(word, far))) as { typed: number[]; drawn: number[] };
        farTyped.push(deep.typed[0]!);
        farDrawn.push(deep.drawn[0]!);
      }
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    say(
      `"Search in transcript" over an hour of Hindi captions (${lines.toLocaleString('en')} lines, ${(hourBytes / 1e3).toFixed(0)} KB), CPU slowed 4x, a letter at a time ("पिज़्ज़ा", then "quarter", ${ROUNDS} rounds, ${typed.length} keystrokes):\n`,
    );
    say('| from the input to | median ms | p95 ms | slowest ms | under 50 ms (p95) |');
    say('| --- | ---: | ---: | ---: | --- |');
    const row = (what: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      const p95 = sorted[Math.floor(sorted.length * 0.95)]!;
      say(
        `| ${what} | ${median(times).toFixed(1)} | ${p95.toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} | ${p95 < KEYSTROKE_BUDGET_MS ? 'yes' : '**no**'} |`,
      );
    };
    row('the next frame (the letter in the box)', typed);
    row('the frame with the matching lines', drawn);
    say(
      `\nThe first letter typed with ${far} lines drawn (45 minutes into the lesson, the lines down to the spoken one), ${farTyped.length} times: to the next frame median ${median(farTyped).toFixed(1)} ms, slowest ${Math.max(...farTyped).toFixed(1)} ms; to the frame with the matching lines median ${median(farDrawn).toFixed(1)} ms, slowest ${Math.max(...farDrawn).toFixed(1)} ms.`,
    );
  });
}
