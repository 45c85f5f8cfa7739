import { useWaitingUpdate } from '../../lib/app-update.ts';

/** "Reload to update" when a new version is installed and waiting; the user chooses when. */
export function UpdatePrompt() {
  const update = useWaitingUpdate();
  if (!update) return null;
  return (
    <div className="update-prompt" role="status">
      <p>A new version of EduPortal is ready.</p>
      <button type="button" className="button" onClick={() => update.apply()}>
        Reload to update
      </button>
    </div>
  );
}
