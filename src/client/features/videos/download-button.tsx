import { Link } from '@tanstack/react-router';
import type { Rendition, Video } from '../../../shared/contracts/videos.ts';
import { DownloadControls, percentSaved } from '../../components/downloads/download-controls.tsx';
import type { DownloadManager, DownloadRecord } from '../../device/downloads/downloads.ts';
import { useStorageEstimate } from '../../device/downloads/downloads-react.tsx';
import { formatBytes } from '../../lib/format.ts';
import { downloadBytes } from '../../../shared/device-db/downloads.ts';
import { t } from '../../i18n/i18n.ts';

/**
 * "Save for offline" beside the Quality control (docs/product.md, "Saving lessons for offline"):
 * saves the chosen quality with its caption tracks, with their size and the free space; then "Saving 45%" with Pause and
 * Cancel; "Saved" when done.
 */
export function DownloadButton({
  video,
  rendition,
  ownerId,
  manager,
  saved,
  online,
}: {
  video: Video;
  rendition: Rendition | undefined;
  ownerId: string;
  manager: DownloadManager | undefined;
  saved: DownloadRecord | undefined;
  online: boolean;
}) {
  const estimate = useStorageEstimate(saved?.state);
  if (!rendition || !manager) return null;

  if (saved?.state === 'saved') {
    return (
      <div className="save-offline">
        <Link to="/downloads" className="button button-secondary save-offline-saved">
          {t('save.saved')}
        </Link>
        <span className="save-offline-note">
          {t('save.onPhone', {
            quality: saved.quality,
            size: formatBytes(downloadBytes(saved.bytes, saved.video)),
          })}
        </span>
      </div>
    );
  }

  if (saved && saved.state !== 'failed') {
    const percent = percentSaved(saved);
    const paused = saved.state === 'paused';
    return (
      <div className="save-offline">
        <span
          className="button save-offline-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('save.progressLabel')}
          style={{ '--saved': `${percent}%` } as React.CSSProperties}
        >
          {t(paused ? 'downloads.pausedAt' : 'downloads.saving', { percent })}
        </span>
        <DownloadControls download={saved} manager={manager} />
        {saved.message ? (
          <p className="save-offline-note" role="status">
            {saved.message}
          </p>
        ) : null}
      </div>
    );
  }

  // Offline, a save could not start: the button says what it would do, and why it cannot yet.
  return (
    <div className="save-offline">
      <button
        type="button"
        className="button save-offline-start"
        disabled={!online}
        aria-describedby={online ? undefined : `save-needs-${video._id}`}
        onClick={() => void manager.save(video, rendition, ownerId)}
      >
        {t('save.start', { size: formatBytes(downloadBytes(rendition.bytes, video)) })}
      </button>
      {online ? null : (
        <span id={`save-needs-${video._id}`} className="save-offline-note">
          {t('save.needsConnection')}
        </span>
      )}
      {estimate && online ? (
        <span className="save-offline-note">{t('save.freeSpace', { size: formatBytes(estimate.free) })}</span>
      ) : null}
      {saved?.message ? (
        <p className="save-offline-note save-offline-problem" role="alert">
          {saved.message}
        </p>
      ) : null}
    </div>
  );
}
