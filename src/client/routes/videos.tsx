import { Screen } from '../components/screen.tsx';
import { CommentSection } from '../features/comments/comment-section.tsx';
import { AllVideos } from '../features/videos/all-videos.tsx';

export default function VideosRoute() {
  return (
    <Screen title="All videos">
      <AllVideos below={(video) => <CommentSection videoId={video._id} />} />
    </Screen>
  );
}
