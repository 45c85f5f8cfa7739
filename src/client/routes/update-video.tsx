import { useParams } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { UpdateVideoForm } from '../features/videos/update-video-form.tsx';
import { t } from '../i18n/i18n.ts';

export default function UpdateVideoRoute() {
  const { videoId } = useParams({ strict: false }) as { videoId: string };
  return (
    <Screen title={t('title.updateVideo')}>
      <SignedIn>{() => <UpdateVideoForm videoId={videoId} />}</SignedIn>
    </Screen>
  );
}
