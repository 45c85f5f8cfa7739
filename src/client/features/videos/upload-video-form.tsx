import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/forms/form-field.tsx';
import { UploadCard } from '../../components/uploads/upload-card.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { useUploads } from '../../lib/uploads-react.tsx';
import './videos.css';
import { t } from '../../i18n/i18n.ts';

type Field = 'title' | 'description' | 'videoFile' | 'thumbnail';

/**
 * /uploadvideo: Title, Description, the video and its thumbnail, in the drop zones every form's
 * files have. No Duration: the server reads the length from the file (`duration` stays an
 * optional fallback of the contract, docs/api.md). The video
 * goes up in resumable pieces (docs/offline.md, "Uploads"): each upload below the form shows what
 * the server has confirmed, with Pause, Resume and Cancel, and success is said only once the
 * server has made the video.
 */
export function UploadVideoForm() {
  const user = useCurrentUser();
  const { manager, uploads } = useUploads();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [starting, setStarting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const found: Partial<Record<Field, string>> = {};
    const title = String(data.get('title') ?? '').trim();
    if (!title) found.title = t('form.isRequired', { label: t('field.title') });
    else if (title.length > 100) found.title = t('uploadVideo.titleTooLong');
    const video = data.get('videoFile');
    if (!(video instanceof File) || video.size === 0) found.videoFile = t('uploadVideo.chooseVideo');
    else if (!video.type.startsWith('video/')) found.videoFile = t('uploadVideo.notVideo');
    const thumbnail = data.get('thumbnail');
    if (!(thumbnail instanceof File) || thumbnail.size === 0) found.thumbnail = t('uploadVideo.chooseThumb');
    else if (!thumbnail.type.startsWith('image/')) found.thumbnail = t('uploadVideo.thumbNotImage');
    setErrors(found);
    if (Object.keys(found).length > 0 || !manager || !user) return;

    setStarting(true);
    try {
      await manager.start({
        ownerId: user._id,
        title,
        description: String(data.get('description') ?? ''),
        file: video as File,
        thumbnail: thumbnail as File,
      });
      form.reset();
    } finally {
      setStarting(false);
    }
  };

  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  const describedBy = (name: Field) => (errors[name] ? `${name}-error` : undefined);
  const fileField = (
    name: 'videoFile' | 'thumbnail',
    id: string,
    label: string,
    accept: string,
    hint: string,
  ) => (
    <FormField id={id} label={label} required hint={hint} error={errors[name]}>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-error` : undefined}
      />
    </FormField>
  );

  return (
    <>
      <form className="video-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="upload-title">{t('field.title')}</label>
        <input
          id="upload-title"
          name="title"
          maxLength={100}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={describedBy('title')}
        />
        {fieldError('title')}

        <label htmlFor="upload-description">{t('field.description')}</label>
        <textarea id="upload-description" name="description" rows={4} maxLength={5000} />

        {fileField(
          'videoFile',
          'upload-video',
          t('uploadVideo.videoFile'),
          'video/*',
          t('uploadVideo.videoHint'),
        )}
        {fileField(
          'thumbnail',
          'upload-thumbnail',
          t('uploadVideo.thumbnail'),
          'image/*',
          t('uploadVideo.thumbHint'),
        )}

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
