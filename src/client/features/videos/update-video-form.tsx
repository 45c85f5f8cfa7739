import { useState, type FormEvent } from 'react';
import { updateVideo, useVideo } from '../../api/videos.ts';
import { FormField } from '../../components/forms/form-field.tsx';
import { LoadError, Loading } from '../../components/status.tsx';
import { serverText } from '../../i18n/server-messages.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi, useCurrentUser } from '../../lib/session.tsx';
import { TitleField, titleProblem } from './title-field.tsx';
import './videos.css';
import { t } from '../../i18n/i18n.ts';

/** /updatevideo/{id}: Title, Description and Thumbnail; the server's message is shown beneath. */
export function UpdateVideoForm({ videoId }: { videoId: string }) {
  const api = useApi();
  const { data: video, error, mutate } = useVideo(videoId);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  // The title as typed; undefined until the student types, so it follows the video meanwhile.
  const [title, setTitle] = useState<string | undefined>();
  const [titleError, setTitleError] = useState<string | undefined>();
  const me = useCurrentUser();

  if (error && !video) return <LoadError error={error} retry={() => void mutate()} />;
  if (!video) return <Loading label={t('video.loading')} />;
  // Said up front, as the tweet form does: the server would refuse it only after Submit.
  if (me && video.owner._id !== me._id) {
    return (
      <p className="form-status error" role="alert">
        {t('updateVideo.notOwner', { title: video.title, owner: video.owner.username })}
      </p>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const problem = titleProblem(String(data.get('title') ?? ''));
    setTitleError(problem);
    if (problem) {
      document.getElementById('update-title')?.focus();
      return;
    }
    const thumbnail = data.get('thumbnail');
    if (thumbnail instanceof File && thumbnail.size === 0) data.delete('thumbnail');
    setSaving(true);
    try {
      const result = await updateVideo(api, videoId, data);
      void mutate(result.data, { revalidate: false });
      setMessage({ ok: true, text: serverText(result.message, 200) });
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
        alt={t('updateVideo.thumbAlt', { title: video.title })}
        width={320}
        height={180}
      />
      <TitleField
        id="update-title"
        value={title ?? video.title}
        error={titleError}
        onChange={(value) => {
          setTitle(value);
          setTitleError(undefined);
        }}
      />
      <FormField id="update-description" label={t('field.description')} required={false} error={undefined}>
        <textarea
          id="update-description"
          name="description"
          defaultValue={video.description}
          rows={4}
          maxLength={5000}
        />
      </FormField>
      <FormField
        id="update-thumbnail"
        label={t('field.thumbnail')}
        required={false}
        hint={t('updateVideo.thumbHint')}
        error={undefined}
      >
        <input id="update-thumbnail" name="thumbnail" type="file" accept="image/*" />
      </FormField>
      <button type="submit" className="button" disabled={saving}>
        {saving ? t('form.saving') : t('myVideos.update')}
      </button>
      {message ? (
        <p className={message.ok ? 'form-status' : 'form-status error'} role="status">
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
