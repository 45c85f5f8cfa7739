import { useState, type FormEvent } from 'react';
import type { Video } from '../../../shared/contracts/videos.ts';
import { addCaption, removeCaption } from '../../api/captions.ts';
import { useVideo } from '../../api/videos.ts';
import { FormField } from '../../components/forms/form-field.tsx';
import { currentLanguage, t } from '../../i18n/i18n.ts';
import { serverText } from '../../i18n/server-messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatBytes } from '../../lib/format.ts';
import { useApi, useCurrentUser } from '../../lib/session.tsx';
import { useOnline } from '../../lib/use-online.ts';
import './videos.css';

/**
 * The languages offered for a caption track: the product's two, then the other languages most
 * spoken by the students of the schools it serves. The server takes any BCP 47 tag; a short list
 * keeps the choice quick on a phone and the tags well formed.
 */
export const CAPTION_LANGUAGES = ['en', 'hi', 'bn', 'mr', 'te', 'ta', 'gu', 'kn', 'ml', 'pa', 'or', 'ur'];

/** A language's own name in the language of the screen ("Hindi", "हिन्दी"), else its tag. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames([currentLanguage()], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * What went wrong with a refused file. The server names the line of a file that does not parse;
 * its words are English, so in Hindi the line is said in Hindi and the rest in general words.
 */
function captionRefusal(err: unknown): string {
  if (!(err instanceof ApiError)) return errorMessage(err);
  const detail = err.errors.find((e) => e.field === 'file')?.message;
  if (currentLanguage() === 'en')
    return detail ? `${err.message.replace(/[.!]?$/, '.')} ${detail}` : err.message;
  const line = /line (\d+)/i.exec(detail ?? err.message)?.[1];
  return line ? t('captions.badLine', { line }) : serverText(err.message, err.status);
}

/**
 * "Captions" on /updatevideo/{videoId}: the video's tracks with Remove, and a language and a
 * .vtt or .srt file with Add (another file for a language replaces its track). The owner's
 * alone, online only, like the rest of the screen.
 */
export function CaptionsEditor({ videoId }: { videoId: string }) {
  const api = useApi();
  const me = useCurrentUser();
  const online = useOnline();
  const { data: video, mutate } = useVideo(videoId);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!video || !me || video.owner._id !== me._id) return null;
  const captions: Video['captions'] = video.captions ?? [];

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setStatus({ ok: false, text: t('captions.chooseFile') });
      document.getElementById('caption-file')?.focus();
      return;
    }
    if (!String(data.get('label') ?? '').trim()) data.delete('label');
    setBusy(true);
    try {
      const { data: added } = await addCaption(api, videoId, data);
      form.reset();
      await mutate();
      setStatus({ ok: true, text: t('captions.added', { language: languageName(added.language) }) });
    } catch (err) {
      setStatus({ ok: false, text: captionRefusal(err) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (captionId: string, language: string) => {
    setBusy(true);
    try {
      await removeCaption(api, videoId, captionId);
      await mutate();
      setStatus({ ok: true, text: t('captions.removed', { language: languageName(language) }) });
    } catch (err) {
      setStatus({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="captions-editor" aria-labelledby="captions-heading">
      <h2 id="captions-heading">{t('captions.title')}</h2>
      {captions.length === 0 ? (
        <p>{t('captions.none')}</p>
      ) : (
        <ul className="captions-list">
          {captions.map((caption) => (
            <li key={caption._id}>
              <span>
                {caption.label} · {languageName(caption.language)} · {formatBytes(caption.bytes)}
              </span>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy || !online}
                aria-label={t('captions.removeNamed', { label: caption.label })}
                onClick={() => void remove(caption._id, caption.language)}
              >
                {t('captions.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="video-form captions-form" onSubmit={(e) => void add(e)}>
        <FormField id="caption-language" label={t('captions.language')} error={undefined}>
          <select id="caption-language" name="language" defaultValue={currentLanguage()}>
            {CAPTION_LANGUAGES.map((tag) => (
              <option key={tag} value={tag}>
                {languageName(tag)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="caption-label" label={t('captions.label')} required={false} error={undefined}>
          <input id="caption-label" name="label" type="text" maxLength={60} />
        </FormField>
        <FormField
          id="caption-file"
          label={t('captions.file')}
          hint={t('captions.fileHint')}
          required
          error={undefined}
        >
          <input id="caption-file" name="file" type="file" accept=".vtt,.srt,text/vtt" required />
        </FormField>
        <button type="submit" className="button" disabled={busy || !online}>
          {busy ? t('form.saving') : t('captions.add')}
        </button>
        {online ? null : <p className="field-note">{t('captions.needsConnection')}</p>}
      </form>
      {status ? (
        <p className={status.ok ? 'form-status' : 'form-status error'} role="status">
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
