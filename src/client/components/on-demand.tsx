import { useEffect, useState, type ComponentType, type JSX } from 'react';
import { t } from '../i18n/i18n.ts';
import { LoadError, Loading } from './status.tsx';

/**
 * A part of a screen whose code is its own file, fetched when the part is first shown (or
 * earlier, by `preload`), so that it is not among what the screen loads before its first paint.
 * Unlike React.lazy, a file that did not come is not kept as a failure: the part says what is
 * missing (offline, or an error) with "Try again", and the next try asks the network again.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  words: { loading: () => string; what: () => string },
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

    if (part) return <part.Shown {...props} />;
    if (failed)
      return (
        <LoadError
          // The browser's words for a file that did not come are not for the student.
          error={new Error(t('status.loadFailed'))}
          what={words.what()}
          retry={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        />
      );
    return <Loading label={words.loading()} />;
  }

  return { preload: () => get().then(() => undefined), Part };
}
