import { Screen } from '../components/screen.tsx';
import { UnfinishedUploads } from '../components/uploads/unfinished-uploads.tsx';
import { OutboxList } from '../features/offline/outbox-list.tsx';

export default function OutboxRoute() {
  return (
    <Screen title="Outbox" lead="What you did offline, waiting to reach the server.">
      <OutboxList />
      <UnfinishedUploads />
    </Screen>
  );
}
