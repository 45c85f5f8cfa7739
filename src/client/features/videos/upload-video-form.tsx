import { useEffect, useState, type FormEvent } from 'react';
import { FormField } from '../../components/forms/form-field.tsx';
import { UploadCard } from '../../components/uploads/upload-card.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { useUploads } from '../../device/uploads/uploads-react.tsx';
import { TitleField, titleProblem } from './title-field.tsx';
import './videos.css';
import { t } from '../../i18n/i18n.ts';

type Field = 'title' | 'description' | 'videoFile' | 'thumbnail';
const ids = { title: 'upload-title', videoFile: 'upload-video', thumbnail: 'upload-thumbnail' } as const;

/**
 * /uploadvideo: Title, Description, the video and its thumbnail, in the drop zones every form's
 * files have. No Duration: the server reads the length from the file (`duration` stays an
 * optional fallback of the contract, docs/api.md). The video
 * goes up in resumable pieces (docs/offline.md, "Uploads"): each upload below the form shows what
 * the server has confirmed, with Pause, Resume and Cancel, and success is said only once the
 * server has made the video.
 *
 * The form keeps what was typed and chosen until the server has made the video: a refused
 * upload (not a video, too large) is sent again by choosing another file, not by typing the
 * title again. After Submit the new upload's card is brought into view (on a phone it is below
 * the form, out of sight).
 */
export function UploadVideoForm() {
  const user = useCurrentUser();
  const { manager, uploads } = useUploads();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [starting, setStarting] = useState(false);
  const [title, setTitle] = useState('');
  /** The upload this form started last, until it is done. */
  const [started, setStarted] = useState<string | undefined>();
  const [formKey, setFormKey] = useState(0);
  const startedUpload = uploads.find((u) => u.id === started);

  useEffect(() => {
    if (!started) return;
    document.getElementById(`upload-${started}`)?.scrollIntoView({ block: 'center' });
  }, [started]);

  if (startedUpload?.state === 'done') {
    // Made: the form is new again for the next video (a new key empties its files too).
    setStarted(undefined);
    setTitle('');
    setFormKey((key) => key + 1);
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found: Partial<Record<Field, string>> = {};
    const titleError = titleProblem(title);
    if (titleError) found.title = titleError;
    const video = data.get('videoFile');
    if (!(video instanceof File) || video.size === 0) found.videoFile = t('uploadVideo.chooseVideo');
    else if (!video.type.startsWith('video/')) found.videoFile = t('uploadVideo.notVideo');
    else if (
      uploads.some(
        (u) =>
          u.state !== 'done' &&
          u.state !== 'failed' &&
          u.title === title.trim() &&
          u.fileName === video.name &&
          u.size === video.size,
      )
    )
      found.videoFile = t('uploadVideo.already');
    const thumbnail = data.get('thumbnail');
    if (!(thumbnail instanceof File) || thumbnail.size === 0) found.thumbnail = t('uploadVideo.chooseThumb');
    else if (!thumbnail.type.startsWith('image/')) found.thumbnail = t('uploadVideo.thumbNotImage');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['title', 'videoFile', 'thumbnail'] as const).find((f) => found[f]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    if (!manager || !user) return;

    setStarting(true);
    try {
      const id = await manager.start({
        ownerId: user._id,
        title: title.trim(),
        description: String(data.get('description') ?? ''),
        file: video as File,
        thumbnail: thumbnail as File,
      });
      setStarted(id);
    } finally {
      setStarting(false);
    }
  };

  const fileField = (name: 'videoFile' | 'thumbnail', label: string, accept: string, hint: string) => (
    <FormField id={ids[name]} label={label} required hint={hint} error={errors[name]}>
      <input
        id={ids[name]}
        name={name}
        type="file"
        accept={accept}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids[name]}-error` : undefined}
        onChange={() => setErrors((current) => ({ ...current, [name]: undefined }))}
      />
    </FormField>
  );

  return (
    <>
      <form key={formKey} className="video-form" onSubmit={(e) => void submit(e)} noValidate>
        <TitleField
          id={ids.title}
          value={title}
          error={errors.title}
          onChange={(value) => {
            setTitle(value);
            if (errors.title) setErrors((current) => ({ ...current, title: undefined }));
          }}
        />

        <FormField id="upload-description" label={t('field.description')} required={false} error={undefined}>
          <textarea id="upload-description" name="description" rows={4} maxLength={5000} />
        </FormField>

        {fileField('videoFile', t('uploadVideo.videoFile'), 'video/*', t('uploadVideo.videoHint'))}
        {fileField('thumbnail', t('uploadVideo.thumbnail'), 'image/*', t('uploadVideo.thumbHint'))}

        <button type="submit" className="button" disabled={starting || !manager}>
          {starting ? t('uploadVideo.starting') : t('form.submit')}
        </button>
      </form>
      {manager && uploads.length > 0 ? (
        <section className="upload-list" aria-label={t('uploadVideo.yours')}>
          {uploads.map((upload) => (
            <UploadCard key={upload.id} upload={upload} manager={manager} />
          ))}
        </section>
      ) : null}
    </>
  );
}
