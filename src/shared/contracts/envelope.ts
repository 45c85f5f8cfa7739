import { z } from 'zod';

/** One problem with one input field (or with the request as a whole when `field` is absent). */
export const fieldErrorSchema = z.object({
  field: z.string().optional(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Every answer of /api/v1, success or failure, has this shape (docs/api.md, "Every
 * answer"). The payload is always in `data`; `errors` appears on failures only.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    statusCode: z.number().int(),
    success: z.boolean(),
    message: z.string(),
    data,
    errors: z.array(fieldErrorSchema).optional(),
  });
}

export interface Envelope<T> {
  statusCode: number;
  success: boolean;
  message: string;
  data: T;
  errors?: FieldError[];
}

export const errorEnvelopeSchema = envelopeSchema(z.null());
export type ErrorEnvelope = Envelope<null>;
