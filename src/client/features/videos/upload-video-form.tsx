import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/forms/form-field.tsx';
import { UploadCard } from '../../components/uploads/upload-card.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { useUploads } from '../../lib/uploads-react.tsx';
import './videos.css';

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
    if (!title) found.title = 'Title is required';
    else if (title.length > 100) found.title = 'Title is at most 100 characters';
    const video = data.get('videoFile');
    if (!(video instanceof File) || video.size === 0) found.videoFile = 'Choose a video file';
    else if (!video.type.startsWith('video/')) found.videoFile = 'This file is not a video';
    const thumbnail = data.get('thumbnail');
    if (!(thumbnail instanceof File) || thumbnail.size === 0) found.thumbnail = 'Choose a thumbnail image';
    else if (!thumbnail.type.startsWith('image/')) found.thumbnail = 'The thumbnail must be an image';
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
        <label htmlFor="upload-title">Title</label>
        <input
          id="upload-title"
          name="title"
          maxLength={100}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={describedBy('title')}
        />
        {fieldError('title')}

        <label htmlFor="upload-description">Description</label>
        <textarea id="upload-description" name="description" rows={4} maxLength={5000} />

        {fileField(
          'videoFile',
          'upload-video',
          'Video file',
          'video/*',
          'A video; its length is read from it.',
        )}
        {fileField(
          'thumbnail',
          'upload-thumbnail',
          'Thumbnail image',
          'image/*',
          'JPEG, PNG, WebP, GIF or AVIF.',
        )}

        <button type="submit" className="button" disabled={starting || !manager}>
          {starting ? 'Starting…' : 'Submit'}
        </button>
      </form>
      {manager && uploads.length > 0 ? (
        <section className="upload-list" aria-label="Your uploads">
          {uploads.map((upload) => (
            <UploadCard key={upload.id} upload={upload} manager={manager} />
          ))}
        </section>
      ) : null}
    </>
  );
}
