import { Screen } from '../components/screen.tsx';

export default function BlogRoute() {
  return <Screen title="Blog" />;
}
