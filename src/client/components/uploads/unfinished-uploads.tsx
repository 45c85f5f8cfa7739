import { mayHaveUploads, useUploads } from '../../device/uploads/uploads-react.tsx';
import { UploadCard } from './upload-card.tsx';
import { t } from '../../i18n/i18n.ts';

/** This user's uploads still on their way (or refused), for /outbox. */
export function UnfinishedUploads() {
  return mayHaveUploads() ? <UploadList /> : null;
}

function UploadList() {
  const { manager, uploads } = useUploads();
  const open = uploads.filter((u) => u.state !== 'done');
  if (!manager || open.length === 0) return null;
  return (
    <section className="upload-list" aria-labelledby="outbox-uploads">
      <h2 id="outbox-uploads">{t('upload.heading')}</h2>
      {open.map((upload) => (
        <UploadCard key={upload.id} upload={upload} manager={manager} />
      ))}
    </section>
  );
}
