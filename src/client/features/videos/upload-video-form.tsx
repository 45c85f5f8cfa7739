import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { Video } from '../../../shared/contracts/videos.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi } from '../../lib/session.tsx';
import './videos.css';

type Field = 'title' | 'description' | 'duration' | 'videoFile' | 'thumbnail';

/**
 * /uploadvideo: Title, Description, Duration (free text), the video and its thumbnail. The bar
 * shows the real upload progress, and success is said only once the server has answered.
 */
export function UploadVideoForm() {
  const api = useApi();
  const form = useRef<HTMLFormElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [uploaded, setUploaded] = useState<Video | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
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
    setStatus(null);
    if (Object.keys(found).length > 0) return;

    abort.current = new AbortController();
    setProgress(0);
    try {
      const result = await api.postForm<Video>('/videos', data, {
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      setUploaded(result.data);
      setStatus({ ok: true, text: 'Video Uploaded Successfully :)' });
      form.current?.reset();
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        setStatus({ ok: false, text: 'Upload cancelled.' });
      } else {
        if (err instanceof ApiError) {
          const byField: Partial<Record<Field, string>> = {};
          for (const e of err.errors) if (e.field) byField[e.field as Field] = e.message;
          setErrors(byField);
        }
        setStatus({ ok: false, text: `The video was not uploaded. ${errorMessage(err)}` });
      }
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const uploading = progress !== null;
  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  const describedBy = (name: Field) => (errors[name] ? `${name}-error` : undefined);

  return (
    <form ref={form} className="video-form" onSubmit={(e) => void submit(e)} noValidate>
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

      <label htmlFor="upload-duration">Duration</label>
      <input
        id="upload-duration"
        name="duration"
        placeholder="e.g. 4:30 (read from the file when possible)"
        maxLength={32}
      />

      <label htmlFor="upload-video">Video file</label>
      <input
        id="upload-video"
        name="videoFile"
        type="file"
        accept="video/*"
        aria-invalid={Boolean(errors.videoFile)}
        aria-describedby={describedBy('videoFile')}
      />
      {fieldError('videoFile')}

      <label htmlFor="upload-thumbnail">Thumbnail image</label>
      <input
        id="upload-thumbnail"
        name="thumbnail"
        type="file"
        accept="image/*"
        aria-invalid={Boolean(errors.thumbnail)}
        aria-describedby={describedBy('thumbnail')}
      />
      {fieldError('thumbnail')}

      {uploading ? (
        <div className="upload-progress">
          <progress max={1} value={progress} aria-label="Upload progress" />
          <span>{Math.round(progress * 100)}%</span>
          <button type="button" className="button button-secondary" onClick={() => abort.current?.abort()}>
            Cancel
          </button>
        </div>
      ) : null}

      <button type="submit" className="button" disabled={uploading}>
        {uploading ? 'Uploading…' : 'Submit'}
      </button>
      {status ? (
        <p className={status.ok ? 'form-status' : 'form-status error'} role="status">
          {status.text}
          {status.ok && uploaded ? (
            <>
              {' '}
              <Link to="/getvideos">See it in My Videos</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </form>
  );
}
