import { localFlag } from '../../lib/local-flag.ts';

/**
 * Set while a download is unfinished on this device: the app loads its download code (an
 * IndexedDB database of its own) at start only when there is something to go on with
 * (docs/offline.md, "Downloads").
 */
export const openDownloads = localFlag('eduportal-open-downloads');
