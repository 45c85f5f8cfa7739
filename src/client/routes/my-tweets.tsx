import { Screen } from '../components/screen.tsx';
import { MyTweets } from '../features/tweets/my-tweets.tsx';
import { TweetViewer } from '../features/tweets/tweet-viewer.tsx';
import { t } from '../i18n/i18n.ts';

export default function MyTweetsRoute() {
  return (
    <Screen title={t('title.myTweets')}>
      <TweetViewer>{(user) => <MyTweets user={user} />}</TweetViewer>
    </Screen>
  );
}
