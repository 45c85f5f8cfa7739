import { RouterProvider } from '@tanstack/react-router';
import { SWRConfig } from 'swr';
import { api } from '../lib/api-client.ts';
import type { createAppRouter } from './router.tsx';
import { swrConfig } from './swr-config.ts';

const config = swrConfig(api);

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <SWRConfig value={config}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
