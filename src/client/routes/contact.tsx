import { Screen } from '../components/screen.tsx';

export default function ContactRoute() {
  return <Screen title="Contact" />;
}
