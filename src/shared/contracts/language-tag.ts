import { z } from 'zod';

/**
 * A BCP 47 tag as people write them: a language, then optional script, region or variant parts
 * (`en`, `hi`, `hi-IN`). Courses and caption tracks both take one.
 */
export const languageTagSchema = z
  .string({ error: (i) => (i.input === undefined ? 'Language is required' : 'Language must be text') })
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, 'Language must be a language tag such as en or hi');
