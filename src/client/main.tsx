import { StrictMode } from 'react';
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
createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // On its first install the worker downloads the whole build (about a hundred files) for offline
  // use. Started at once, that download shared a slow connection with the first screen's code and
  // pictures, and a phone's two cores with its first scripts; so it waits until the first screen
  // has rendered and the page has loaded, then a little longer for that screen's own pictures and
  // reads, then for a moment the browser has to spare. A screen that never settles (an error, a
  // very slow chunk) does not hold it back for long.
  const start = () => {
    unsubscribe();
    clearTimeout(fallback);
    afterLoad(() => {
      void import('./app/register-sw.ts').then(({ registerServiceWorker }) => registerServiceWorker());
    });
  };
  const fallback = setTimeout(start, 10_000);
  const unsubscribe = router.subscribe('onRendered', start);
}

function afterLoad(run: () => void) {
  const later = () =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
      else run();
    }, 2000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
