import { lazy, Suspense, useState } from 'react';
import { useStore } from '../../lib/store.ts';
import { toasts$ } from './toast-store.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

/**
 * Mounts the toasts once the first one is shown: Radix Toast stays out of the first download,
 * which most visitors (the marketing pages) never need it in. Once mounted it stays, so that
 * the viewport and closing animations survive the last toast.
 */
export function ToastHost() {
  const count = useStore(toasts$, (toasts) => toasts.length);
  const [mounted, setMounted] = useState(count > 0);
  if (count > 0 && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
