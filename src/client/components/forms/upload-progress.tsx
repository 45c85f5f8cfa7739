import './forms.css';

/** How much of an upload has been sent, for a slow connection where that takes a while. */
export function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress">
      <progress max={100} value={percent} aria-label={label} />
      <span className="upload-progress-label" aria-hidden="true">
        {label}: {percent}%
      </span>
    </div>
  );
}
