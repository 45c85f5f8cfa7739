import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { CommentSection } from '../features/comments/comment-section.tsx';
import { MyVideos } from '../features/videos/my-videos.tsx';

export default function MyVideosRoute() {
  return (
    <Screen title="My videos">
      <SignedIn>
        {(user) => <MyVideos user={user} below={(video) => <CommentSection videoId={video._id} />} />}
      </SignedIn>
    </Screen>
  );
}
