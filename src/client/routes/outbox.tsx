import { t } from '../i18n/i18n.ts';
import { Screen } from '../components/screen.tsx';
import { UnfinishedUploads } from '../components/uploads/unfinished-uploads.tsx';
import { OutboxList } from '../features/offline/outbox-list.tsx';

export default function OutboxRoute() {
  return (
    <Screen title={t('outbox.title')} lead={t('outbox.lead')}>
      <OutboxList />
      <UnfinishedUploads />
    </Screen>
  );
}
