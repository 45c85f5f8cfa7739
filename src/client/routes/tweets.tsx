import { Screen } from '../components/screen.tsx';
import { AllTweets } from '../features/tweets/all-tweets.tsx';
import { TweetViewer } from '../features/tweets/tweet-viewer.tsx';

export default function TweetsRoute() {
  return (
    <Screen title="All tweets">
      <TweetViewer>{(user) => <AllTweets user={user} />}</TweetViewer>
    </Screen>
  );
}
