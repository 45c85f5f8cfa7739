import { Screen } from '../components/screen.tsx';
import { CreateTweet } from '../features/tweets/tweet-form.tsx';
import { TweetViewer } from '../features/tweets/tweet-viewer.tsx';

export default function CreateTweetRoute() {
  return (
    <Screen title="Create tweet">
      <TweetViewer>{() => <CreateTweet />}</TweetViewer>
    </Screen>
  );
}
