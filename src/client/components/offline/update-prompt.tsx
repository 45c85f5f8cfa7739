import { useWaitingUpdate } from '../../lib/app-update.ts';
import { t } from '../../i18n/i18n.ts';

/** "Reload to update" when a new version is installed and waiting; the user chooses when. */
export function UpdatePrompt() {
  const update = useWaitingUpdate();
  if (!update) return null;
  return (
    <div className="update-prompt" role="status">
      <p>{t('update.ready')}</p>
      <button type="button" className="button" onClick={() => update.apply()}>
        {t('update.reload')}
      </button>
    </div>
  );
}
