import { z } from 'zod';

/** A text field that says "<Label> is required" when it is missing, not a type error. */
const text = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
  });

/**
 * The contact form's checks (docs/product.md, "Checks made before sending"): name, email and
 * message required, mobile optional and numeric. The bounds are in docs/api.md: a real inbox needs some.
 */
export const contactInputSchema = z.object({
  name: text('Name').trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
  email: text('Email')
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is at most 254 characters')
    .pipe(z.email('Email is not a valid e-mail address')),
  mobile: text('Mobile')
    .trim()
    .regex(/^(\+?[0-9]{6,15})?$/, 'Mobile must be 6 to 15 digits, optionally starting with +')
    .optional()
    .transform((v) => (v ? v : undefined)),
  message: text('Message')
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message is at most 5000 characters'),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactMessageSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
});
export type ContactMessageReceipt = z.infer<typeof contactMessageSchema>;
