export interface StorageEstimate {
  /** Bytes this site stores (caches, IndexedDB, the app itself). */
  usage: number;
  /** Bytes the browser would still let it store. */
  free: number;
}

/** What the browser says about space (`navigator.storage.estimate()`); undefined where it does not. */
export async function storageEstimate(): Promise<StorageEstimate | undefined> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || estimate.quota === undefined) return undefined;
    const usage = estimate.usage ?? 0;
    return { usage, free: Math.max(0, estimate.quota - usage) };
  } catch {
    return undefined;
  }
}
