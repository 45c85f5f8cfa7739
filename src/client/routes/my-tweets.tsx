import { Screen } from '../components/screen.tsx';
import { MyTweets } from '../features/tweets/my-tweets.tsx';
import { TweetViewer } from '../features/tweets/tweet-viewer.tsx';

export default function MyTweetsRoute() {
  return (
    <Screen title="My tweets">
      <TweetViewer>{(user) => <MyTweets user={user} />}</TweetViewer>
    </Screen>
  );
}
