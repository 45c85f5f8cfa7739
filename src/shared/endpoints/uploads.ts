import { endpoint } from '../endpoint.ts';

/**
 * Resumable uploads (tus 1.0.0): the protocol's headers carry the request and the answer
 * (src/shared/contracts/uploads.ts), so these answers have no body to type.
 */
export const uploadsApi = {
  /** What the server takes: version, extensions, largest size. */
  discover: endpoint<never>()('OPTIONS', '/uploads'),
  discoverOne: endpoint<never>()('OPTIONS', '/uploads/:uploadId'),
  create: endpoint<never>()('POST', '/uploads'),
  /** HEAD asks for the offset, PATCH sends bytes from it, DELETE cancels. */
  resume: endpoint<never>()(['HEAD', 'PATCH', 'DELETE'], '/uploads/:uploadId'),
};
