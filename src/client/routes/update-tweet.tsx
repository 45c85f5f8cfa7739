import { useParams } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { UpdateTweet } from '../features/tweets/tweet-form.tsx';
import { TweetViewer } from '../features/tweets/tweet-viewer.tsx';
import { t } from '../i18n/i18n.ts';

export default function UpdateTweetRoute() {
  const { tweetId } = useParams({ from: '/updatetweet/$tweetId' });
  return (
    <Screen title={t('title.updateTweet')}>
      <TweetViewer>{(user) => <UpdateTweet key={tweetId} tweetId={tweetId} user={user} />}</TweetViewer>
    </Screen>
  );
}
