import { Screen } from '../components/screen.tsx';
import { SettingsForm } from '../features/settings/settings-form.tsx';
import { t } from '../i18n/i18n.ts';
import { ts } from '../i18n/settings-words.ts';

export default function SettingsRoute() {
  return (
    <Screen title={t('settings.title')} lead={ts('settings.lead')}>
      <SettingsForm />
    </Screen>
  );
}
