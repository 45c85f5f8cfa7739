import { useParams } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { UpdateVideoForm } from '../features/videos/update-video-form.tsx';

export default function UpdateVideoRoute() {
  const { videoId } = useParams({ strict: false }) as { videoId: string };
  return (
    <Screen title="Update video">
      <SignedIn>{() => <UpdateVideoForm videoId={videoId} />}</SignedIn>
    </Screen>
  );
}
