import { z } from 'zod';

/**
 * The largest files this server takes (`GET /api/v1/limits`), so that a form can say so before a
 * student chooses a file rather than after it was sent (docs/api.md, "Other calls"). Bytes; the
 * app shows them as MB of 1024 x 1024 bytes, as the server's refusals do.
 */
export const uploadLimitsSchema = z.object({
  maxImageBytes: z.number().int().positive(),
  maxVideoBytes: z.number().int().positive(),
});
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;
