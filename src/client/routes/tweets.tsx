import { Screen } from '../components/screen.tsx';
import { AllTweets } from '../features/tweets/all-tweets.tsx';
import { TweetViewer } from '../features/tweets/tweet-viewer.tsx';
import { t } from '../i18n/i18n.ts';

export default function TweetsRoute() {
  return (
    <Screen title={t('title.allTweets')}>
      <TweetViewer>{(user) => <AllTweets user={user} />}</TweetViewer>
    </Screen>
  );
}
