import { Screen } from '../components/screen.tsx';
import { DownloadsList } from '../features/downloads/downloads-list.tsx';
import { t } from '../i18n/i18n.ts';

export default function DownloadsRoute() {
  return (
    <Screen title={t('downloads.title')} lead={t('downloads.lead')}>
      <DownloadsList />
    </Screen>
  );
}
