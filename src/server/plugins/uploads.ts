import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { MultipartForm, UploadedFile } from '../multipart-form.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { firstUnstorableText } from './text-guard.ts';

export interface FileRule {
  label: string;
  maxBytes: number;
}

const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 12;
const MAX_FILES = 4;
/** Room for part headers and boundaries on top of the files and fields a form may carry. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Uploads being read right now: a shutdown waits for them (main.ts) and says how many. */
let uploadsInFlight = 0;
export const activeUploads = (): number => uploadsInFlight;

/** Counts `work` among the uploads in flight while it runs (a tus PATCH, say). */
export async function trackUpload<T>(work: () => Promise<T>): Promise<T> {
  uploadsInFlight += 1;
  try {
    return await work();
  } finally {
    uploadsInFlight -= 1;
  }
}

export async function registerUploads(api: FastifyInstance, largestFileBytes: number): Promise<void> {
  await api.register(multipart, {
    limits: {
      fileSize: largestFileBytes,
      files: MAX_FILES,
      fields: MAX_FIELDS,
      parts: 16,
      fieldSize: MAX_FIELD_BYTES,
    },
    throwFileSizeLimit: true,
  });
}

/** Sizes as students read them: MB of 1024 x 1024 bytes, so that 5 MiB is "5 MB", exactly. */
export const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The most a well-formed body for these rules can weigh: more is refused before it is read. */
export function largestBody(rules: Record<string, FileRule>): number {
  const files = Object.values(rules).reduce((sum, rule) => sum + rule.maxBytes, 0);
  return files + MAX_FIELDS * MAX_FIELD_BYTES + MULTIPART_OVERHEAD;
}

/**
 * Whether an error came from reading a malformed body (busboy's parser, a body cut short), as
 * opposed to this server failing (a full disk): the first is the client's fault and a 400, the
 * second stays a 5xx so that the outbox retries it.
 */
function isMalformedBody(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || err instanceof AppError) return false;
  const e = err as { syscall?: unknown; code?: unknown };
  if (typeof e.syscall === 'string') return false;
  return typeof e.code !== 'string' || !e.code.startsWith('FST_') || e.code === 'FST_MP_PREMATURE_CLOSE';
}

/** @fastify/multipart's own refusals, in the contract's statuses and plain words. */
function multipartRefusal(err: unknown): AppError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'This form has more parts than this server accepts', [
        { message: `send at most ${MAX_FILES} files and ${MAX_FIELDS} fields` },
      ]);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'Send this form as multipart/form-data', [
        { message: 'Content-Type must be multipart/form-data with a boundary' },
      ]);
    case 'FST_PROTO_VIOLATION':
      return new AppError(400, 'A form field has a name this server does not accept', [
        { message: 'field names such as __proto__ are not accepted' },
      ]);
    default:
      return undefined;
  }
}

const malformed = () =>
  new AppError(400, 'The form data is malformed or was cut short; send the form again', [
    { message: 'the multipart/form-data body could not be read' },
  ]);

/**
 * Reads a multipart request: text fields into memory (they are small), each file streamed to a
 * temporary file on disk with its own size limit, so an upload never sits whole in memory.
 *
 * - A body whose declared length is over what these rules allow is refused with 413 before a
 *   byte of it is read; a body without a declared length stops being read at the first file
 *   over its limit.
 * - A malformed body (no or wrong boundary, cut short, garbage) is a 400, never a 5xx.
 * - Text that no database column can hold (NUL) is a 400 naming the field.
 * - The whole body is hashed as it streams, for the idempotency fingerprint (idempotency.ts).
 *
 * On any failure the temporary files are removed before the error goes on.
 */
export async function readUpload(
  request: FastifyRequest,
  storage: MediaStorage,
  rules: Record<string, FileRule>,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send this form as multipart/form-data', [
      { message: 'Content-Type must be multipart/form-data' },
    ]);
  }
  const declared = Number(request.headers['content-length']);
  const limit = largestBody(rules);
  if (Number.isFinite(declared) && declared > limit) {
    // Which file is too large is not known before reading; each file's own limit is what a
    // student can act on (the sum of every limit and the form's overhead is not).
    const each = Object.entries(rules).map(([field, rule]) => ({
      field,
      message: `must be at most ${megabytes(rule.maxBytes)}`,
    }));
    const named = Object.values(rules)
      .map((rule) => `${rule.label} may be at most ${megabytes(rule.maxBytes)}`)
      .join(', ');
    throw new AppError(413, `This upload is too large: ${named}`, each);
  }

  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const cleanup = async () => {
    await Promise.all(Object.values(files).map((f) => fsp.rm(f.tempPath, { force: true })));
  };
  const digest = createHash('sha256');
  const hashPart = (kind: string, name: string, value: string) =>
    digest.update(`${kind}\u0000${name.length}:${name}\u0000${value.length}:${value}\u0000`);

  const readParts = async () => {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue;
        const bad = firstUnstorableText(part.value);
        if (bad) {
          throw new AppError(400, 'Some fields are not valid', [{ field: part.fieldname, message: bad }]);
        }
        hashPart('field', part.fieldname, part.value);
        fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule || files[part.fieldname]) {
        part.file.resume();
        throw new AppError(400, `Unexpected file field "${part.fieldname}"`, [
          { field: part.fieldname, message: 'is not a file this form takes' },
        ]);
      }
      const tempPath = storage.tempFile();
      const file: UploadedFile = { field: part.fieldname, tempPath, bytes: 0, filename: part.filename };
      files[part.fieldname] = file;
      hashPart('file', part.fieldname, part.filename ?? '');
      const tooLarge = () =>
        new AppError(413, `${rule.label} is larger than ${megabytes(rule.maxBytes)}`, [
          { field: part.fieldname, message: `must be at most ${megabytes(rule.maxBytes)}` },
        ]);
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          file.bytes += chunk.length;
          if (file.bytes > rule.maxBytes) return done(tooLarge());
          digest.update(chunk);
          done(null, chunk);
        },
      });
      // The file is created before anything streams into it: were it opened lazily by the
      // stream, a refusal could remove it first and the late open would leave it behind.
      const handle = await fsp.open(tempPath, 'wx');
      try {
        await pipeline(part.file, counter, handle.createWriteStream());
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      }
      // The end of each file is marked, so that bytes moved from one file to the next differ.
      hashPart('end', part.fieldname, String(file.bytes));
      if (file.bytes === 0) {
        await fsp.rm(tempPath, { force: true });
        delete files[part.fieldname];
      }
    }
  };

  try {
    await trackUpload(readParts);
  } catch (err) {
    await cleanup();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'A file is larger than this server accepts', [
        { message: 'a file is larger than this server accepts' },
      ]);
    }
    const refusal = multipartRefusal(err);
    if (refusal) throw refusal;
    if (isMalformedBody(err)) {
      request.log.info({ err }, 'malformed multipart body');
      throw malformed();
    }
    throw err;
  }
  try {
    // Only now is the whole body known: a key reused for other bytes is a 422 (idempotency.ts).
    await request.idempotency?.claimWithBody?.(digest.digest('hex'));
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { fields, files, cleanup };
}
