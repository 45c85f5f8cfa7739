import { z } from 'zod';
import { MAX_CAPTION_BYTES, MAX_CAPTION_CUES } from '../captions-text.ts';
import { languageTagSchema } from './language-tag.ts';

export { MAX_CAPTION_BYTES, MAX_CAPTION_CUES };

/** The most characters a caption track's label has. */
export const MAX_CAPTION_LABEL = 60;

/**
 * A tag in its canonical form (`EN-us` -> `en-US`), so that one language is one track whatever
 * case it was typed in; a tag that looks right but is not one (`en-a1`) is refused.
 */
const captionLanguage = languageTagSchema.transform((tag, ctx) => {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Language must be a language tag such as en or hi' });
    return z.NEVER;
  }
});

/**
 * The text fields of `POST /videos/{videoId}/captions`, beside the `file` part. A blank label is
 * no label: the language's own name stands in (`defaultCaptionLabel`).
 */
export const captionFieldsSchema = z.object({
  language: captionLanguage,
  label: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: 'Label must be text' })
      .trim()
      .max(MAX_CAPTION_LABEL, `Label is at most ${MAX_CAPTION_LABEL} characters`)
      // One line in a menu: line breaks and runs of spaces are one space.
      .transform((label) => label.replace(/\s+/g, ' '))
      .optional(),
  ),
});
export type CaptionFields = z.infer<typeof captionFieldsSchema>;

/** One caption track of a video: `url` serves it as WebVTT (`text/vtt`), `bytes` its size. */
export const captionSchema = z.object({
  _id: z.string(),
  /** A BCP 47 tag, canonical (`en`, `hi`, `hi-IN`); one track per language. */
  language: z.string(),
  label: z.string(),
  url: z.string(),
  bytes: z.number().int(),
});
export type Caption = z.infer<typeof captionSchema>;

/**
 * A track's label when none was given: the language's name in that language ("English",
 * "हिन्दी"), as a captions menu lists languages; the tag itself where the name is not known.
 */
export function defaultCaptionLabel(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    if (!name || name === tag) return tag;
    const first = name.slice(0, 1).toLocaleUpperCase(tag);
    return `${first}${name.slice(1)}`.slice(0, MAX_CAPTION_LABEL);
  } catch {
    return tag;
  }
}
