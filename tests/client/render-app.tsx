import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { App } from '../../src/client/app/app.tsx';
import { createAppRouter } from '../../src/client/app/router.tsx';
import type { ApiClient } from '../../src/client/lib/api-client.ts';

/**
 * Renders the whole app, with its real providers and router, at `path`. `api` points the app
 * at a test's own server (by default it calls the page's origin, which jsdom does not serve).
 */
export async function renderAppAt(path: string, { api }: { api?: ApiClient } = {}) {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    ...(api ? { api } : {}),
  });
  const view = render(<App router={router} />);
  // Route screens are loaded on demand; wait for the screen's heading.
  await screen.findByRole('heading', { level: 1 });
  return { router, ...view };
}
