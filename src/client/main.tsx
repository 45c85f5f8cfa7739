import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// index.html's static top bar (see vite.config.ts) stays until React's own is in the document,
// and goes in the same task, before the browser paints again: no blank frame, no jump.
const shell = document.getElementById('app-shell');
if (shell) {
  const swap = new MutationObserver(() => {
    if (!container.querySelector('.site-header')) return;
    swap.disconnect();
    shell.remove();
  });
  swap.observe(container, { childList: true, subtree: true });
}

const router = createAppRouter();
const root = createRoot(container);
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

// The worker registers at once, as before: deferring it until the page had loaded and idled
// (worth a little in Lighthouse) made its first install's downloads land in the middle of a
// student's first actions, and the journeys in CI saw writes delivered late.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('./app/register-sw.ts').then(({ registerServiceWorker }) => registerServiceWorker());
}
