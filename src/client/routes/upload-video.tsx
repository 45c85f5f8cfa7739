import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { UploadVideoForm } from '../features/videos/upload-video-form.tsx';

export default function UploadVideoRoute() {
  return (
    <Screen title="Upload video">
      <SignedIn>{() => <UploadVideoForm />}</SignedIn>
    </Screen>
  );
}
