import { apiUrl } from '../endpoint.ts';
import { uploadsApi } from '../endpoints/uploads.ts';

/**
 * Resumable uploads (tus 1.0.0) at `/api/v1/uploads`: the protocol's own headers carry the
 * request and the answer, so there are no body schemas here, only the names both sides share
 * (docs/api.md, "Resumable uploads").
 */
export const TUS_VERSION = '1.0.0';
export const UPLOADS_PATH = apiUrl(uploadsApi.create.path());

/** The `Upload-Metadata` keys the server reads. */
export const UPLOAD_METADATA = { filename: 'filename', filetype: 'filetype' } as const;

/** An upload id as the server makes them: 32 lower-case hex digits. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;
