import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { App } from '../../src/client/app/app.tsx';
import { createAppRouter } from '../../src/client/app/router.tsx';

/** Renders the whole app, with its real providers and router, at `path`. */
export async function renderAppAt(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<App router={router} />);
  // Route screens are loaded on demand; wait for the screen's heading.
  await screen.findByRole('heading', { level: 1 });
  return { router, ...view };
}
