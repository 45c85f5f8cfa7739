import fsp from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { MediaStorage } from '../storage/storage.ts';

export interface UploadedFile {
  field: string;
  tempPath: string;
  bytes: number;
  filename: string;
}

export interface Upload {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
  /** Removes every temporary file that was not moved into storage. */
  cleanup(): Promise<void>;
}

export interface FileRule {
  label: string;
  maxBytes: number;
}

const MAX_FIELD_BYTES = 64 * 1024;

export async function registerUploads(api: FastifyInstance, largestFileBytes: number): Promise<void> {
  await api.register(multipart, {
    limits: { fileSize: largestFileBytes, files: 4, fields: 12, parts: 16, fieldSize: MAX_FIELD_BYTES },
    throwFileSizeLimit: true,
  });
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Reads a multipart request: text fields into memory (they are small), each file streamed to a
 * temporary file on disk with its own size limit, so an upload never sits whole in memory. On
 * any failure the temporary files are removed before the error goes on.
 */
export async function readUpload(
  request: FastifyRequest,
  storage: MediaStorage,
  rules: Record<string, FileRule>,
): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send this form as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const cleanup = async () => {
    await Promise.all(Object.values(files).map((f) => fsp.rm(f.tempPath, { force: true })));
  };

  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
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
      const tooLarge = () =>
        new AppError(413, `${rule.label} is larger than ${megabytes(rule.maxBytes)}`, [
          { field: part.fieldname, message: `must be at most ${megabytes(rule.maxBytes)}` },
        ]);
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          file.bytes += chunk.length;
          if (file.bytes > rule.maxBytes) done(tooLarge());
          else done(null, chunk);
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
      if (file.bytes === 0) {
        await fsp.rm(tempPath, { force: true });
        delete files[part.fieldname];
      }
    }
  } catch (err) {
    await cleanup();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'A file is larger than this server accepts');
    }
    throw err;
  }
  return { fields, files, cleanup };
}
