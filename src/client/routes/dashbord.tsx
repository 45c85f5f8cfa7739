import { Screen } from '../components/screen.tsx';
import { CommentSection } from '../features/comments/comment-section.tsx';
import { ContinueLearning } from '../features/courses/continue-learning.tsx';
import { AllVideos } from '../features/videos/all-videos.tsx';
import { t } from '../i18n/i18n.ts';

export default function DashbordRoute() {
  return (
    <Screen title={t('title.allVideos')}>
      <ContinueLearning />
      <AllVideos below={(video) => <CommentSection videoId={video._id} />} />
    </Screen>
  );
}
