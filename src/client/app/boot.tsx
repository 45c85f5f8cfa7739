import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './app.tsx';
import { seedFirstReads } from './first-reads.ts';
import type { Session } from '../lib/session.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Builds the router and renders the app into `root`: the last stage of main.tsx's start, or of
 * a light start's first followed link, which hands over the session it already keeps.
 */
export function boot(root: Root, { session }: { session?: Session } = {}): void {
  // The page may carry the screen's first reads: the session and the list start from them.
  const router = createAppRouter({ seed: seedFirstReads, ...(session ? { session } : {}) });
  // A transition: React renders the screen in slices and lets the browser breathe between them,
  // instead of holding the main thread for the whole screen at once (a cheap phone could not
  // answer a tap meanwhile; Lighthouse counts it as blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}
