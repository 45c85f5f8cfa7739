import { useState, type FormEvent } from 'react';
import type { Video } from '../../../shared/contracts/videos.ts';
import { useVideo } from '../../api/videos.ts';
import { FormField } from '../../components/forms/form-field.tsx';
import { LoadError, Loading } from '../../components/status.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi, useCurrentUser } from '../../lib/session.tsx';
import './videos.css';

/** /updatevideo/{id}: Title, Description and Thumbnail; the server's message is shown beneath. */
export function UpdateVideoForm({ videoId }: { videoId: string }) {
  const api = useApi();
  const { data: video, error, mutate } = useVideo(videoId);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const me = useCurrentUser();

  if (error && !video) return <LoadError error={error} retry={() => void mutate()} />;
  if (!video) return <Loading label="Loading the video…" />;
  // Said up front, as the tweet form does: the server would refuse it only after Submit.
  if (me && video.owner._id !== me._id) {
    return (
      <p className="form-status error" role="alert">
        Only the owner of this video may change it. “{video.title}” belongs to {video.owner.username}.
      </p>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const thumbnail = data.get('thumbnail');
    if (thumbnail instanceof File && thumbnail.size === 0) data.delete('thumbnail');
    setSaving(true);
    try {
      const result = await api.postForm<Video>(`/videos/${videoId}`, data, { method: 'PATCH' });
      void mutate(result.data, { revalidate: false });
      setMessage({ ok: true, text: result.message });
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form key={video._id} className="video-form" onSubmit={(e) => void submit(e)}>
      <img
        className="update-thumb"
        src={video.thumbnail}
        alt={`Current thumbnail of ${video.title}`}
        width={320}
        height={180}
      />
      <label htmlFor="update-title">Title</label>
      <input id="update-title" name="title" defaultValue={video.title} maxLength={100} required />
      <label htmlFor="update-description">Description</label>
      <textarea
        id="update-description"
        name="description"
        defaultValue={video.description}
        rows={4}
        maxLength={5000}
      />
      <FormField
        id="update-thumbnail"
        label="Thumbnail"
        required={false}
        hint="JPEG, PNG, WebP, GIF or AVIF. Leave it empty to keep the current one."
        error={undefined}
      >
        <input id="update-thumbnail" name="thumbnail" type="file" accept="image/*" />
      </FormField>
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Saving…' : 'Update Video'}
      </button>
      {message ? (
        <p className={message.ok ? 'form-status' : 'form-status error'} role="status">
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
