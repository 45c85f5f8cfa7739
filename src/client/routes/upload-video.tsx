import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { UploadVideoForm } from '../features/videos/upload-video-form.tsx';
import { t } from '../i18n/i18n.ts';

export default function UploadVideoRoute() {
  return (
    <Screen title={t('title.uploadVideo')}>
      <SignedIn>{() => <UploadVideoForm />}</SignedIn>
    </Screen>
  );
}
