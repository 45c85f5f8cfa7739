import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CAPTION_CUES,
  parseCaptionsText,
  readCaptions,
  writeWebVtt,
  type CaptionsReading,
  type Cue,
} from '../../src/shared/captions-text.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const cuesOf = (reading: CaptionsReading): Cue[] => {
  if (!reading.ok) throw new Error(`not read: ${JSON.stringify(reading)}`);
  return reading.cues;
};

describe('reading caption files', () => {
  it('reads WebVTT: header text, NOTE, STYLE and REGION blocks, cue ids and settings left out', () => {
    const text = [
      'WEBVTT Lesson 1',
      'Kind: captions',
      '',
      'REGION',
      'id:fred width:40%',
      '',
      'NOTE a comment',
      'over two lines',
      '',
      '1',
      '00:00:01.000 --> 00:00:02.500 align:start position:10%',
      'First',
      '',
      'NOTE between cues',
      '',
      '01:02.250 --> 01:03.000',
      'Second, line one',
      'line two',
    ].join('\n');
    expect(cuesOf(readCaptions(bytes(text), 'a.vtt'))).toEqual([
      { start: 1, end: 2.5, text: 'First' },
      { start: 62.25, end: 63, text: 'Second, line one\nline two' },
    ]);
  });

  it('reads SRT with numbers, commas, a BOM, CRLF and a box after the times', () => {
    const text =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nOne\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000 X1:1 X2:2 Y1:1 Y2:2\r\nTwo\r\n';
    expect(cuesOf(readCaptions(bytes(text), 'a.srt'))).toEqual([
      { start: 1, end: 2.5, text: 'One' },
      { start: 3, end: 4, text: 'Two' },
    ]);
    // A file named otherwise is read by its first line: SRT here.
    expect(cuesOf(readCaptions(bytes(text), 'captions.txt'))).toHaveLength(2);
  });

  it('turns markup into plain text: tags, voices, timestamps and references; control characters dropped', () => {
    const text = [
      'WEBVTT',
      '',
      '00:01.000 --> 00:02.000',
      '<v.loud Asha Rao>Hello <b>there</b>, <c.yellow>class</c> <00:01.500>5</v>',
      '',
      '00:02.000 --> 00:03.000',
      '&lt;b&gt; is &amp;amp; &#8377;10 &#x1F600; &nbsp;&unknown; &#0;',
      '',
      '00:03.000 --> 00:04.000',
      'tab\there\u0007bell',
      '',
      '00:04.000 --> 00:05.000',
      '<i></i>',
    ].join('\n');
    expect(cuesOf(parseCaptionsText(text))).toEqual([
      { start: 1, end: 2, text: 'Hello there, class 5' },
      { start: 2, end: 3, text: '<b> is &amp; ₹10 😀 \u00a0&unknown; \ufffd' },
      { start: 3, end: 4, text: 'tab\therebell' },
      // A cue with only markup has nothing to show: left out.
    ]);
  });

  it('refuses bytes that are not UTF-8 text, and NUL', () => {
    for (const input of [
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Uint8Array.from(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\ncaf\u00e9\n', 'latin1')),
      new Uint8Array([0xff, 0xfe, 0x57, 0x00]), // UTF-16
      bytes('WEBVTT\n\n00:01.000 --> 00:02.000\na\u0000b\n'),
    ]) {
      const reading = readCaptions(input, 'a.vtt');
      expect(reading).toMatchObject({ ok: false, reason: 'not-text' });
    }
  });

  it('refuses HTML and other text, naming line 1', () => {
    expect(readCaptions(bytes('<html><body>Hi</body></html>'), 'x.vtt')).toEqual({
      ok: false,
      reason: 'not-captions',
      problems: [{ line: 1, message: 'Line 1: a WebVTT file begins with the word WEBVTT' }],
    });
    expect(readCaptions(bytes('<html>\n\n<body>Hi</body></html>'), 'x.srt')).toMatchObject({
      ok: false,
      reason: 'not-captions',
      problems: [{ line: 1 }],
    });
    expect(readCaptions(bytes('WEBVTTX\n\n00:01.000 --> 00:02.000\na'), 'x.vtt')).toMatchObject({
      reason: 'not-captions',
    });
    expect(readCaptions(bytes(''), 'x.srt')).toMatchObject({ ok: false, reason: 'not-captions' });
  });

  it('refuses times going backwards, a cue ending before it starts, and a bad time, by line', () => {
    const reading = parseCaptionsText(
      [
        'WEBVTT',
        '',
        '00:05.000 --> 00:06.000',
        'five',
        '',
        '00:04.000 --> 00:05.000',
        'four',
        '',
        '00:07.000 --> 00:06.000',
        'inverted',
        '',
        '00:08 --> 00:09',
        'no milliseconds',
        '',
        '00:10.000 --> 00:11.000',
        'fine',
        '00:12.000 --> 00:13.000',
        'no blank line before',
      ].join('\n'),
    );
    expect(reading).toEqual({
      ok: false,
      reason: 'invalid',
      problems: [
        {
          line: 6,
          message:
            'Line 6: the cue starts at 00:00:04.000, before the cue above it (00:00:05.000): times must not go backwards',
        },
        { line: 9, message: 'Line 9: the cue ends (00:00:06.000) before it starts (00:00:07.000)' },
        {
          line: 12,
          message:
            'Line 12: expected a cue time line such as 00:00:01.000 --> 00:00:02.500, not "00:08 --> 00:09"',
        },
        { line: 17, message: 'Line 17: a time line inside a cue: leave a blank line between cues' },
      ],
    });
    // Equal starts are fine (two speakers at once), and so is a cue of no length.
    expect(
      cuesOf(parseCaptionsText('WEBVTT\n\n00:01.000 --> 00:02.000\na\n\n00:01.000 --> 00:01.000\nb')),
    ).toHaveLength(2);
    // SRT times have hours.
    expect(parseCaptionsText('1\n00:01,000 --> 00:02,000\na')).toMatchObject({ ok: false });
  });

  it(`holds at most ${MAX_CAPTION_CUES} cues`, () => {
    const file = (n: number) =>
      `WEBVTT\n\n${Array.from({ length: n }, (_, i) => `00:00:00.000 --> 00:00:00.00${i % 10}\nx${i}\n`).join('\n')}`;
    expect(cuesOf(parseCaptionsText(file(MAX_CAPTION_CUES)))).toHaveLength(MAX_CAPTION_CUES);
    expect(parseCaptionsText(file(MAX_CAPTION_CUES + 1))).toEqual({
      ok: false,
      reason: 'too-many-cues',
      problems: [{ line: 3 + MAX_CAPTION_CUES * 3, message: 'A caption file may hold at most 10,000 cues' }],
    });
  });
});

describe('writing WebVTT', () => {
  it('writes times in full, text escaped, a blank line between cues', () => {
    expect(
      writeWebVtt([
        { start: 1, end: 2.5, text: '<script>alert(1)</script> & more' },
        { start: 3723.04, end: 3725, text: 'line one\n\nline two' },
      ]),
    ).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n&lt;script&gt;alert(1)&lt;/script&gt; &amp; more\n\n' +
        '01:02:03.040 --> 01:02:05.000\nline one\nline two\n\n',
    );
  });

  it('reads back exactly what it wrote, whatever the text (fast-check)', () => {
    /** What reading keeps of a line: no control characters but tab, no tag-like spans. */
    const kept = (s: string) =>
      Array.from(s.replace(/[\r\n]/g, ' '))
        .filter((c) => c === '\t' || (c.codePointAt(0)! >= 0x20 && c !== '\u007f'))
        .join('')
        .replace(/<[^>]*>/g, '')
        .replace(/\s+$/u, '');
    const line = fc
      .oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }))
      .map(kept)
      .filter((s) => s.trim() !== '');
    const cue = fc.record({
      start: fc.integer({ min: 0, max: 36_000_000 }),
      length: fc.integer({ min: 0, max: 60_000 }),
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(cue, { minLength: 1, maxLength: 20 }), (drafts) => {
        const cues = drafts
          .sort((a, b) => a.start - b.start)
          .map((d) => ({
            start: d.start / 1000,
            end: (d.start + d.length) / 1000,
            text: d.lines.join('\n'),
          }));
        const written = writeWebVtt(cues);
        expect(cuesOf(readCaptions(new TextEncoder().encode(written), 'x.vtt'))).toEqual(cues);
        // No markup can be in it: the only `>` are those of the time lines' arrows.
        expect(written.replace(/ --> /g, ' ')).not.toMatch(/[<>]/);
      }),
      { numRuns: 200 },
    );
  });
});
