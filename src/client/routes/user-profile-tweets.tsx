import { useParams } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { BackLink, ChannelProfileView } from '../features/channel/channel-profile.tsx';
import { SubscribeButton } from '../components/subscribe-button.tsx';

export default function UserProfileTweetsRoute() {
  const { username } = useParams({ from: '/userprofile1/$username' });
  return (
    <Screen title="Channel profile">
      <BackLink to="/tweets" />
      <ChannelProfileView
        username={username}
        actions={(profile) => <SubscribeButton channelId={profile._id} subscribed={profile.isSubscribed} />}
      />
    </Screen>
  );
}
