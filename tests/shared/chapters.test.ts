import { describe, expect, it } from 'vitest';
import { MAX_CHAPTER_TITLE, parseChapters } from '../../src/shared/chapters.ts';

describe('chapters from a description', () => {
  it('reads the lines that begin with a time, the first at 0:00, times rising', () => {
    const description = [
      'Fractions for class 5.',
      '',
      '0:00 Introduction',
      '4:35 Worked example',
      '12:05 Practice',
      'Thanks for watching!',
    ].join('\n');
    expect(parseChapters(description)).toEqual([
      { start: 0, title: 'Introduction' },
      { start: 275, title: 'Worked example' },
      { start: 725, title: 'Practice' },
    ]);
  });

  it('reads hours (1:02:03), two-digit minutes (00:00) and CRLF lines', () => {
    expect(
      parseChapters('00:00 Start\r\n59:59 Almost an hour\r\n1:02:03 Past an hour\r\n10:00:00 Long'),
    ).toEqual([
      { start: 0, title: 'Start' },
      { start: 3599, title: 'Almost an hour' },
      { start: 3723, title: 'Past an hour' },
      { start: 36000, title: 'Long' },
    ]);
  });

  it('drops the separator people put after the time: a dash, a colon, a bar, a dot', () => {
    expect(
      parseChapters('0:00 - Intro\n0:10 – Two\n0:20 — Three\n0:30: Four\n0:40 | Five\n0:50. Six\n1:00-Seven'),
    ).toEqual([
      { start: 0, title: 'Intro' },
      { start: 10, title: 'Two' },
      { start: 20, title: 'Three' },
      { start: 30, title: 'Four' },
      { start: 40, title: 'Five' },
      { start: 50, title: 'Six' },
      { start: 60, title: 'Seven' },
    ]);
    // Only the first separator: the title keeps its own.
    expect(parseChapters('0:00 - Intro - part 1\n1:00 Next')[0]).toEqual({
      start: 0,
      title: 'Intro - part 1',
    });
  });

  it('keeps Hindi titles as written', () => {
    expect(parseChapters('0:00 परिचय\n2:30 - हल किया गया उदाहरण\n5:00 अभ्यास')).toEqual([
      { start: 0, title: 'परिचय' },
      { start: 150, title: 'हल किया गया उदाहरण' },
      { start: 300, title: 'अभ्यास' },
    ]);
  });

  it('is none for one time line, none not starting at 0:00, none when times do not rise', () => {
    expect(parseChapters('0:00 Only one')).toEqual([]);
    expect(parseChapters('Watch from 0:00 Start\nand 1:00 End')).toEqual([]);
    expect(parseChapters('0:05 Late start\n1:00 Next')).toEqual([]);
    expect(parseChapters('0:00 Start\n2:00 Later\n1:00 Earlier')).toEqual([]);
    expect(parseChapters('0:00 Start\n1:00 Same\n1:00 Same again')).toEqual([]);
    expect(parseChapters('')).toEqual([]);
  });

  it('is not fooled by what only looks like a time', () => {
    // Seconds past 59, three-digit seconds, a fourth part, a time with no title: not chapter lines.
    expect(
      parseChapters('0:00 Start\n1:60 Bad seconds\n2:345 Too many digits\n1:02:03:04 Four parts\n3:00'),
    ).toEqual([]);
    expect(parseChapters('0:00 Start\n1:60 Bad seconds\n2:00 Real')).toEqual([
      { start: 0, title: 'Start' },
      { start: 120, title: 'Real' },
    ]);
  });

  it('cuts a long title, never inside a Hindi letter', () => {
    const long = 'क्षि'.repeat(150);
    const [first] = parseChapters(`0:00 ${long}\n1:00 Next`);
    const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(first!.title)];
    expect(graphemes).toHaveLength(MAX_CHAPTER_TITLE);
    expect(first!.title.endsWith('क्षि…')).toBe(true);
    expect(parseChapters(`0:00 ${'a'.repeat(100)}\n1:00 b`)[0]!.title).toBe('a'.repeat(100));
  });
});
