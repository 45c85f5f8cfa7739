import { useParams } from '@tanstack/react-router';
import { ChannelPage } from './channel-page.tsx';

export default function UserProfileRoute() {
  const { username } = useParams({ from: '/userprofile/$username' });
  return <ChannelPage username={username} back="/dashbord" />;
}
