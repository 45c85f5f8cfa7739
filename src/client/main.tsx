import './styles.css';
import { applyLanguage, storedLanguage, t } from './i18n/i18n.ts';
import { isLightRoute } from './app/light-routes.ts';
import { whenPageIdle } from './app/page-idle.ts';
import { dataSaverOn } from './lib/data-saver.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Lets the browser paint and answer input before the next stage runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app starts in stages, each evaluated in a task of its own: React DOM, then the router,
 * the screens' shell and their libraries, then the first render. Imported statically, all of it
 * ran as one task of 320-430 ms on a phone-speed CPU after the top bar had painted, time in
 * which a tap went unanswered. The stages' files are preloaded by index.html (see
 * vite.config.ts), so staging adds no round trip.
 */
async function start(root: HTMLElement) {
  // The stored language's words load beside React DOM, so the first render is in that language
  // (docs/architecture.md, "Languages"); English is in this file already.
  const language = applyLanguage(storedLanguage()).catch(() => applyLanguage('en'));
  const { createRoot } = await import('react-dom/client');
  await language;
  await nextTask();
  // The home page starts without the router (app/light-routes.ts); its page preloads the light
  // start instead of the app's.
  const path = window.location.pathname;
  if (isLightRoute(path)) {
    const { lightStart } = await import('./app/light-start.tsx');
    await nextTask();
    await lightStart(createRoot(root), path);
    return;
  }
  const { boot } = await import('./app/boot.tsx');
  await nextTask();
  boot(createRoot(root));
}
start(container).catch(() => {
  // A stage's file did not arrive (the connection dropped before the worker had the files):
  // say so, instead of leaving the top bar over an empty page.
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = 'start-failed';
  message.textContent = t('start.failed');
  container.replaceChildren(message);
});

// The worker registers once the first visit is done with the network: its install downloads the
// app's files (and, without data saver, every screen's), a few hundred KB that, started at once,
// shared a weak link with the page's own code, pictures and reads and delayed them all.
// With data saver on, the worker's install fetches the shell alone, and once it runs it asks the
// server for the smaller pictures: then it registers at once, as it did before it waited.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void (dataSaverOn() ? Promise.resolve() : whenPageIdle())
    .then(() => import('./app/register-sw.ts'))
    .then(({ registerServiceWorker }) => registerServiceWorker());
}
