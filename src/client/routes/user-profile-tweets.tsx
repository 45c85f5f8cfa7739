import { useParams } from '@tanstack/react-router';
import { ChannelPage } from './channel-page.tsx';

export default function UserProfileTweetsRoute() {
  const { username } = useParams({ from: '/userprofile1/$username' });
  return <ChannelPage username={username} back="/tweets" />;
}
