import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { CommentSection } from '../features/comments/comment-section.tsx';
import { MyVideos } from '../features/videos/my-videos.tsx';
import { t } from '../i18n/i18n.ts';

export default function MyVideosRoute() {
  return (
    <Screen title={t('title.myVideos')}>
      <SignedIn>
        {(user) => <MyVideos user={user} below={(video) => <CommentSection videoId={video._id} />} />}
      </SignedIn>
    </Screen>
  );
}
