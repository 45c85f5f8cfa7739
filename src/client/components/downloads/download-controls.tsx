import type { DownloadManager, DownloadRecord } from '../../device/downloads/downloads.ts';
import { t } from '../../i18n/i18n.ts';

/** How much of a download is on the phone, in whole percent ("Saving 45%"). */
export const percentSaved = (d: Pick<DownloadRecord, 'received' | 'bytes'>) =>
  d.bytes > 0 ? Math.floor((d.received / d.bytes) * 100) : 0;

/**
 * What can be done with a download in its state: Pause or Resume while unfinished, then Cancel;
 * Delete once saved (or refused). Under the player and on /downloads. `title` names the video to
 * a screen reader where several downloads are listed.
 */
export function DownloadControls({
  download,
  manager,
  title,
}: {
  download: DownloadRecord;
  manager: DownloadManager;
  title?: string;
}) {
  const finished = download.state === 'saved' || download.state === 'failed';
  const remove = t(finished ? 'downloads.delete' : 'downloads.cancel');
  return (
    <>
      {download.state === 'saving' || download.state === 'waiting' ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void manager.pause(download.id)}
        >
          {t('downloads.pause')}
        </button>
      ) : null}
      {download.state === 'paused' ? (
        <button type="button" className="button" onClick={() => void manager.resume(download.id)}>
          {t('downloads.resume')}
        </button>
      ) : null}
      <button
        type="button"
        className="button button-secondary"
        aria-label={title ? t('downloads.removeTitle', { action: remove, title }) : undefined}
        onClick={() => void manager.remove(download.id)}
      >
        {remove}
      </button>
    </>
  );
}
