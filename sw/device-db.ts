import { openDB, type IDBPDatabase } from 'idb';

/**
 * Opens one of the page's device databases (src/shared/device-db/) as the page made it, or null
 * when there is none yet or it lacks a store: opening a missing database would create it empty,
 * and the page's Dexie would then find a database it did not make. `onBlocking` runs when a newer
 * page wants to change the schema: the worker lets go of it.
 */
export async function openDeviceDb(
  declared: { name: string; schema: Record<string, string> },
  onBlocking: () => void = () => undefined,
): Promise<IDBPDatabase | null> {
  const known = await indexedDB.databases().catch(() => undefined);
  if (known && !known.some((d) => d.name === declared.name)) return null;
  const db = await openDB(declared.name, undefined, {
    blocking: () => {
      db.close();
      onBlocking();
    },
  });
  if (Object.keys(declared.schema).some((store) => !db.objectStoreNames.contains(store))) {
    db.close();
    return null;
  }
  return db;
}
