import { useEffect, useState, type ComponentType, type JSX, type ReactNode } from 'react';
import { loadOnce } from '../lib/load-once.ts';

/** What a part shows before its code is here: while it comes, and when it did not come. */
export interface OnDemandStates {
  loading: () => ReactNode;
  failed: (retry: () => void) => ReactNode;
}

/**
 * A part of a screen whose code is its own file, fetched when the part is first shown (or
 * earlier, by `preload`), so that it is not among what the screen loads before its first paint.
 *
 * Unlike React.lazy, which keeps a file that did not come as a failure for the rest of the visit,
 * the part shows `states` (nothing without them) and asks again on "Try again" or when the
 * connection comes back.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  states?: OnDemandStates,
): { preload: () => Promise<void>; Part: (props: P) => JSX.Element } {
  let loaded: ComponentType<P> | undefined;
  const get = loadOnce(() => load().then((part) => (loaded = part)));

  function Part(props: P) {
    const [part, setPart] = useState<{ Shown: ComponentType<P> } | undefined>(
      loaded ? { Shown: loaded } : undefined,
    );
    const [failed, setFailed] = useState(false);
    // Each try of the file, the first one included: what asks again counts up, which also spaces
    // the tries made by themselves.
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    };

    useEffect(() => {
      if (part) return;
      let current = true;
      get().then(
        (Shown) => current && setPart({ Shown }),
        () => current && setFailed(true),
      );
      return () => {
        current = false;
      };
    }, [part, attempt]);

    // Asked again when the connection returns, and, while the browser says it is online, after
    // 1 s, doubling to 30 s: the 'online' event often comes before the network can be used, and a
    // part with no "Try again" (the badge) would otherwise wait for the next event.
    useEffect(() => {
      if (!failed) return;
      window.addEventListener('online', retry);
      const timer = navigator.onLine ? setTimeout(retry, Math.min(1000 * 2 ** attempt, 30_000)) : undefined;
      return () => {
        window.removeEventListener('online', retry);
        clearTimeout(timer);
      };
    }, [failed, attempt]);

    if (part) return <part.Shown {...props} />;
    return <>{failed ? states?.failed(retry) : states?.loading()}</>;
  }

  return { preload: () => get().then(() => undefined), Part };
}
