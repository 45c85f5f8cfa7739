import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { loadScreenWords } from '../i18n/i18n.ts';

/**
 * What the device's engines (outbox, uploads, downloads) share: their code loads on demand, a
 * flag in localStorage says whether work is waiting on this device (so a visit with none loads
 * nothing), work resumes on the same events, each student sees their own items only, and
 * failed tries wait by one schedule (retry-schedule.ts, shared/retry.ts).
 */

/**
 * An engine whose code (its Dexie database, its library) is downloaded on first need. `A` is
 * what it is made with (the uploads' API client); the first load's wins, as there is one engine.
 */
export interface LazyEngine<E, A = void> {
  /** The engine once loaded; undefined until then. */
  readonly current: E | undefined;
  load(arg: A): Promise<E>;
  /** Loaded already (work started in this page), or its flag says some is open on the device. */
  mayHaveWork(): boolean;
}

/**
 * `openFlag` is set by the engine while work is open on the device (lib/local-flag.ts); it lives
 * in a module of its own, so that reading it at start loads nothing of the engine.
 */
export function lazyEngine<E, A = void>(
  openFlag: { isSet(): boolean },
  load: (arg: A) => Promise<E>,
): LazyEngine<E, A> {
  let current: E | undefined;
  let loading: Promise<E> | undefined;
  return {
    get current() {
      return current;
    },
    load(arg) {
      // An engine writes its messages as it works, so the screens' words come with it.
      loading ??= Promise.all([load(arg), loadScreenWords()]).then(([engine]) => (current = engine));
      return loading;
    },
    mayHaveWork: () => current !== undefined || openFlag.isSet(),
  };
}

/** The engine once loaded, rendering again when it arrives; undefined before, or while `load` is false. */
export function useEngine<E, A>(engine: LazyEngine<E, A>, arg: A, load = true): E | undefined {
  return useSyncExternalStore(
    (loaded) => {
      let live = true;
      if (!engine.current && load) void engine.load(arg).then(() => live && loaded());
      return () => {
        live = false;
      };
    },
    () => engine.current,
    () => undefined,
  );
}

/** Why waiting work is tried again. */
export type ResumeReason = 'start' | 'online' | 'visible' | 'connection';

/**
 * Calls `resume` now and whenever work that waited may go: the network is back, the app is shown
 * again (a phone that slept may have lost its connection without a word), and, when asked, the
 * connection changed (Wi-Fi after mobile data, for work held back to Wi-Fi). Answers a stop.
 */
export function onResume(resume: (reason: ResumeReason) => void, { connection = false } = {}): () => void {
  const onOnline = () => resume('online');
  const onVisible = () => {
    if (document.visibilityState === 'visible') resume('visible');
  };
  const onConnection = () => resume('connection');
  const link = connection ? (navigator as Navigator & { connection?: EventTarget }).connection : undefined;
  resume('start');
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  link?.addEventListener?.('change', onConnection);
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    link?.removeEventListener?.('change', onConnection);
  };
}

const noSubscription = () => () => undefined;
const none: never[] = [];
const noItems = () => none;

/**
 * The items of an engine that belong to `ownerId`: one phone is shared by students, and each
 * sees only their own (docs/offline.md, "At sign-out"). None before the engine has loaded.
 */
export function useOwnItems<T extends { ownerId: string }>(
  subscribe: ((listener: () => void) => () => void) | undefined,
  items: (() => readonly T[]) | undefined,
  ownerId: string | undefined,
): T[] {
  const all = useSyncExternalStore(subscribe ?? noSubscription, items ?? noItems, noItems);
  return useMemo(() => all.filter((item) => item.ownerId === ownerId), [all, ownerId]);
}

/**
 * Keeps `ownerId`'s work of an engine going while mounted: on every trigger of `onResume`, when
 * the engine is loaded or its flag says work is open (else nothing loads).
 */
export function useResume<E extends { resumeAll(ownerId: string): unknown }, A>(
  engine: LazyEngine<E, A>,
  arg: A,
  ownerId: string | undefined,
  { connection = false } = {},
): void {
  useEffect(() => {
    if (!ownerId) return;
    return onResume(
      () => {
        if (engine.mayHaveWork()) void engine.load(arg).then((e) => e.resumeAll(ownerId));
      },
      { connection },
    );
  }, [engine, arg, ownerId, connection]);
}
