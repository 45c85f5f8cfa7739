import { Screen } from '../components/screen.tsx';
import { CreateTweet } from '../features/tweets/tweet-form.tsx';
import { TweetViewer } from '../features/tweets/tweet-viewer.tsx';
import { t } from '../i18n/i18n.ts';

export default function CreateTweetRoute() {
  return (
    <Screen title={t('title.createTweet')}>
      <TweetViewer>{() => <CreateTweet />}</TweetViewer>
    </Screen>
  );
}
