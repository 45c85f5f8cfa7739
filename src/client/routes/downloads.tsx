import { Screen } from '../components/screen.tsx';
import { DownloadsList } from '../features/downloads/downloads-list.tsx';

export default function DownloadsRoute() {
  return (
    <Screen title="Downloads" lead="Lessons saved on this phone, to watch with no network.">
      <DownloadsList />
    </Screen>
  );
}
