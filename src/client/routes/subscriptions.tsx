import { Screen } from '../components/screen.tsx';

export default function SubscriptionsRoute() {
  return <Screen title="My subscriptions" />;
}
