import { useEffect, useState, type ComponentType, type JSX, type ReactNode } from 'react';

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
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () =>
    (loading ??= load().then(
      (part) => (loaded = part),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function Part(props: P) {
    const [part, setPart] = useState<{ Shown: ComponentType<P> } | undefined>(
      loaded ? { Shown: loaded } : undefined,
    );
    const [failed, setFailed] = useState(false);
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

    useEffect(() => {
      if (!failed) return;
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, [failed]);

    if (part) return <part.Shown {...props} />;
    return <>{failed ? states?.failed(retry) : states?.loading()}</>;
  }

  return { preload: () => get().then(() => undefined), Part };
}
