import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { commentSchema } from '../../src/shared/contracts/comments.ts';
import { envelopeSchema, errorEnvelopeSchema } from '../../src/shared/contracts/envelope.ts';
import { pagedSchema } from '../../src/shared/contracts/pagination.ts';
import { attemptSchema, quizSchema } from '../../src/shared/contracts/quiz.ts';
import { videoSchema } from '../../src/shared/contracts/videos.ts';
import { nullableForAnyOf, serializerCompiler } from '../../src/server/plugins/serializer.ts';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<
    typeof serializerCompiler
  >[0]);

const owner = { _id: 'u1', username: 'ana', fullName: 'Ana', avatar: '/media/a.webp', coverImage: null };
const video = {
  _id: 'v1',
  title: 'Fractions "quoted" \u2028 and \\ escaped',
  description: 'ünïcødé ✓',
  videoFile: '/media/v.mp4',
  thumbnail: '/media/t.webp',
  duration: 61.5,
  views: 3,
  likesCount: 2,
  owner,
  renditions: [
    {
      quality: '144p' as const,
      url: '/media/r.mp4',
      bytes: 81234,
      mimeType: 'video/mp4',
      height: 144,
      bitrate: 98000,
    },
    {
      quality: 'original' as const,
      url: '/media/v.mp4',
      bytes: 912345,
      mimeType: 'video/mp4',
      height: null,
      bitrate: null,
    },
  ],
  processing: { state: 'done' as const, progress: 100 },
  captions: [
    { _id: 'c1', language: 'hi', label: 'हिन्दी "quoted"', url: '/media/captions/c.vtt', bytes: 1234 },
  ],
  chapters: [
    { start: 0, title: 'Intro' },
    { start: 61.5, title: 'भिन्न \u2028 fractions' },
  ],
  quiz: { questions: 3, best: 2 } as { questions: number; best: number | null } | null,
  progress: { position: 42.5, completed: false } as { position: number; completed: boolean } | null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const envelope = <T>(data: T) => ({ statusCode: 200, success: true, message: 'OK', data });

describe('the response serializer', () => {
  it('writes what the zod serializer wrote, for lists, single items and errors', () => {
    const page = envelope({
      docs: [
        video,
        { ...video, quiz: null, progress: null },
        { ...video, quiz: { questions: 1, best: null }, progress: { position: 600, completed: true } },
      ],
      page: 1,
      limit: 20,
      totalDocs: 2,
      totalPages: 1,
      hasNextPage: false,
    });
    const schema = envelopeSchema(pagedSchema(videoSchema));
    expect(JSON.parse(compile(schema)(page))).toEqual(JSON.parse(JSON.stringify(z.encode(schema, page))));
    const comment = {
      _id: 'c1',
      content: 'hi',
      video: 'v1',
      owner,
      likesCount: 0,
      liked: true,
      createdAt: 'a',
      updatedAt: 'b',
    };
    expect(JSON.parse(compile(envelopeSchema(commentSchema))(envelope(comment)))).toEqual(envelope(comment));
    const failure = {
      statusCode: 400,
      success: false,
      message: 'No',
      data: null,
      errors: [{ field: 'title', message: 'Title is required' }],
    };
    expect(JSON.parse(compile(errorEnvelopeSchema)(failure))).toEqual(failure);
    expect(JSON.parse(compile(envelopeSchema(z.null()))(envelope(null)))).toEqual(envelope(null));
    // A quiz's answers are an index, indexes or texts: each written as it is.
    const quiz = {
      videoId: 'v1',
      questions: [
        { _id: 'q1', prompt: 'Half of 8?', kind: 'one', choices: ['2', '4'], answer: 1, explanation: null },
        {
          _id: 'q2',
          prompt: 'Even?',
          kind: 'many',
          choices: ['1', '2', '4'],
          answer: [1, 2],
          explanation: 'x',
        },
        {
          _id: 'q3',
          prompt: 'राजधानी?',
          kind: 'text',
          choices: [],
          answer: ['नई दिल्ली', 'New Delhi'],
          explanation: null,
        },
      ],
      updatedAt: 'c',
    };
    expect(JSON.parse(compile(envelopeSchema(quizSchema))(envelope(quiz)))).toEqual(envelope(quiz));
    const attempt = {
      attemptId: 'a1',
      score: 1,
      total: 2,
      correct: [true, false],
      questionIds: ['q1', 'q2'],
      finishedAt: 'd',
    };
    expect(JSON.parse(compile(envelopeSchema(attemptSchema))(envelope(attempt)))).toEqual(envelope(attempt));
  });

  it('writes only the properties the contract names, and refuses a missing one', () => {
    const leaky = { ...video, password_hash: 'secret', owner: { ...owner, email: 'ana@school.example' } };
    const out = compile(envelopeSchema(videoSchema))(envelope(leaky));
    expect(out).not.toContain('secret');
    expect(out).not.toContain('ana@school.example');
    expect(JSON.parse(out)).toEqual(envelope(video));
    // Inside a value that may be null too (written as `nullable`, not as an anyOf).
    const leakyQuiz = { ...video, quiz: { questions: 3, best: 2, answers: 'secret' } };
    expect(compile(envelopeSchema(videoSchema))(envelope(leakyQuiz))).not.toContain('secret');
    const untitled: Partial<typeof video> = { ...video };
    delete untitled.title;
    expect(() => compile(envelopeSchema(videoSchema))(envelope(untitled))).toThrow();
  });

  it('writes a value that may be null without an anyOf, and leaves other anyOfs alone', () => {
    const json = z.toJSONSchema(videoSchema, { io: 'output', target: 'draft-7' });
    const rewritten = JSON.stringify(nullableForAnyOf(json));
    expect(JSON.stringify(json)).toContain('anyOf');
    expect(rewritten).not.toContain('anyOf');
    const either = { anyOf: [{ type: 'string' }, { type: 'integer' }] };
    expect(nullableForAnyOf(either)).toEqual(either);
    const nullOrEither = { anyOf: [{ anyOf: either.anyOf }, { type: 'null' }] };
    expect(nullableForAnyOf(nullOrEither)).toEqual(nullOrEither);
    expect(nullableForAnyOf({ anyOf: [{ type: 'null' }, { type: 'number' }] })).toEqual({
      type: 'number',
      nullable: true,
    });
  });
});
