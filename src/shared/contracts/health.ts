import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ready'),
  uptimeSeconds: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof healthSchema>;
