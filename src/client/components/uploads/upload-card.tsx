import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatBytes, formatSeconds } from '../../lib/format.ts';
import type { UploadManager, UploadView } from '../../lib/resumable-uploads.ts';
import './uploads.css';

const STATE_LABEL: Record<UploadView['state'], string> = {
  uploading: 'Uploading',
  paused: 'Paused',
  waiting: 'Waiting to resume',
  'needs-file': 'Choose the file again',
  creating: 'Making the video',
  done: 'Uploaded',
  failed: 'Not uploaded',
};

/** What the student can do with an upload in its state. */
function actions(
  upload: UploadView,
): Array<{ label: string; run: 'pause' | 'resume' | 'cancel' | 'forget'; primary?: boolean }> {
  const finished = upload.state === 'done' || upload.state === 'failed';
  if (finished) return [{ label: 'Dismiss', run: 'forget' }];
  if (upload.state === 'creating') return [];
  if (upload.state === 'needs-file') return [{ label: 'Cancel', run: 'cancel' }];
  return [
    upload.state === 'paused'
      ? { label: 'Resume', run: 'resume', primary: true }
      : { label: 'Pause', run: 'pause' },
    { label: 'Cancel', run: 'cancel' },
  ];
}

/**
 * One resumable upload: the bytes the server has confirmed, the speed and the time left, and
 * Pause, Resume and Cancel. Shown under the upload form and on /outbox.
 */
export function UploadCard({ upload, manager }: { upload: UploadView; manager: UploadManager }) {
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const fraction = upload.size > 0 ? upload.confirmed / upload.size : 0;
  const percent = Math.floor(fraction * 100);
  const finished = upload.state === 'done' || upload.state === 'failed';

  return (
    <article className={`upload-card upload-${upload.state}`} aria-label={`Upload of ${upload.title}`}>
      <header>
        <strong>{upload.title}</strong>
        <span className="upload-file">
          {upload.fileName} · {formatBytes(upload.size)}
        </span>
      </header>
      {!finished ? (
        <div className="upload-card-progress">
          <progress max={1} value={fraction} aria-label="Upload progress" />
          <span className="upload-card-progress-label">
            {STATE_LABEL[upload.state]}: {percent}% ({formatBytes(upload.confirmed)} of{' '}
            {formatBytes(upload.size)})
          </span>
        </div>
      ) : null}
      {upload.state === 'uploading' && upload.speed !== null ? (
        <p className="upload-speed">
          {formatBytes(upload.speed)}/s
          {upload.secondsLeft !== null ? ` · about ${formatSeconds(upload.secondsLeft)} left` : ''}
        </p>
      ) : null}
      <p className="upload-message" role="status">
        {upload.state === 'done' && upload.video ? (
          <>
            Video Uploaded Successfully :) <Link to="/getvideos">See it in My Videos</Link>
          </>
        ) : (
          (upload.message ?? (upload.state === 'paused' ? 'Paused. Resume when you are ready.' : ''))
        )}
      </p>
      {upload.state === 'needs-file' ? (
        <label className="upload-repick">
          Choose “{upload.fileName}” again
          <input
            type="file"
            accept="video/*"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file)
                void manager.provideFile(upload.id, file).then((problem) => setFileProblem(problem ?? null));
            }}
          />
        </label>
      ) : null}
      {fileProblem ? <p className="form-field-error">{fileProblem}</p> : null}
      <div className="upload-actions">
        {actions(upload).map(({ label, run, primary }) => (
          <button
            key={label}
            type="button"
            className={primary ? 'button' : 'button button-secondary'}
            onClick={() => void manager[run](upload.id)}
          >
            {label}
          </button>
        ))}
      </div>
    </article>
  );
}
