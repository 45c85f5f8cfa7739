import { useParams } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { CaptionsEditor } from '../features/videos/captions-editor.tsx';
import { PracticeEditor } from '../features/videos/practice-editor.tsx';
import { UpdateVideoForm } from '../features/videos/update-video-form.tsx';
import { t } from '../i18n/i18n.ts';

/**
 * /updatevideo/{videoId}: the video's title, description and thumbnail, then its captions, then
 * its practice.
 */
export default function UpdateVideoRoute() {
  const { videoId } = useParams({ strict: false }) as { videoId: string };
  return (
    <Screen title={t('title.updateVideo')}>
      <SignedIn>
        {() => (
          <>
            <UpdateVideoForm videoId={videoId} />
            <CaptionsEditor videoId={videoId} />
            <PracticeEditor videoId={videoId} />
          </>
        )}
      </SignedIn>
    </Screen>
  );
}
