import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatBytes, formatSeconds } from '../../lib/format.ts';
import type { UploadManager, UploadView } from '../../device/uploads/uploads.ts';
import './uploads.css';
import type { MessageKey } from '../../i18n/en.ts';
import { formatNumber, t } from '../../i18n/i18n.ts';

const STATE_LABEL: Record<UploadView['state'], MessageKey> = {
  uploading: 'upload.state.uploading',
  paused: 'upload.state.paused',
  waiting: 'upload.state.waiting',
  'needs-file': 'upload.state.needsFile',
  creating: 'upload.state.creating',
  done: 'upload.state.done',
  failed: 'upload.state.failed',
};

/** What the student can do with an upload in its state. */
function actions(
  upload: UploadView,
): Array<{ label: MessageKey; run: 'pause' | 'resume' | 'cancel' | 'forget'; primary?: boolean }> {
  const finished = upload.state === 'done' || upload.state === 'failed';
  if (finished) return [{ label: 'upload.dismiss', run: 'forget' }];
  if (upload.state === 'creating') return [];
  if (upload.state === 'needs-file') return [{ label: 'upload.cancel', run: 'cancel' }];
  return [
    upload.state === 'paused'
      ? { label: 'upload.resume', run: 'resume', primary: true }
      : { label: 'upload.pause', run: 'pause' },
    { label: 'upload.cancel', run: 'cancel' },
  ];
}

/**
 * One resumable upload: the bytes the server has confirmed (the dark bar and the percentage),
 * the bytes sent meanwhile (the light bar, "12.4 MB sent"), the speed and the time left, and
 * Pause, Resume and Cancel. Shown under the upload form and on /outbox.
 */
export function UploadCard({ upload, manager }: { upload: UploadView; manager: UploadManager }) {
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const fraction = upload.size > 0 ? upload.confirmed / upload.size : 0;
  const percent = Math.floor(fraction * 100);
  // What has left this page, ahead of what the server confirmed (it confirms whole pieces).
  const sentFraction = upload.sent !== null && upload.size > 0 ? upload.sent / upload.size : fraction;
  const finished = upload.state === 'done' || upload.state === 'failed';

  return (
    <article
      id={`upload-${upload.id}`}
      className={`upload-card upload-${upload.state}`}
      aria-label={t('upload.of', { title: upload.title })}
    >
      <header>
        <strong>{upload.title}</strong>
        <span className="upload-file">
          {upload.fileName} · {formatBytes(upload.size)}
        </span>
      </header>
      {!finished ? (
        <div className="upload-card-progress">
          <div className="upload-bar">
            <span className="upload-bar-sent" style={{ width: `${sentFraction * 100}%` }} />
            <progress max={1} value={fraction} aria-label={t('upload.progress')} />
          </div>
          <span className="upload-card-progress-label">
            {t('upload.progressLine', {
              state: t(STATE_LABEL[upload.state]),
              percent: formatNumber(percent),
              done: formatBytes(upload.confirmed),
              size: formatBytes(upload.size),
            })}
          </span>
        </div>
      ) : null}
      {upload.state === 'uploading' && upload.sent !== null ? (
        <p className="upload-speed">
          {[
            t('upload.sent', { sent: formatBytes(upload.sent) }),
            ...(upload.speed !== null ? [`${formatBytes(upload.speed)}/s`] : []),
            ...(upload.secondsLeft !== null
              ? [t('upload.left', { time: formatSeconds(upload.secondsLeft) })]
              : []),
          ].join(' · ')}
        </p>
      ) : null}
      <p className="upload-message" role="status">
        {upload.state === 'done' && upload.video ? (
          <>
            {t('upload.success')} <Link to="/getvideos">{t('upload.seeIt')}</Link>
          </>
        ) : (
          (upload.message ?? (upload.state === 'paused' ? t('upload.pausedNote') : ''))
        )}
      </p>
      {upload.state === 'needs-file' ? (
        <label className="upload-repick">
          {t('upload.chooseAgain', { name: upload.fileName })}
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
            {t(label)}
          </button>
        ))}
      </div>
    </article>
  );
}
