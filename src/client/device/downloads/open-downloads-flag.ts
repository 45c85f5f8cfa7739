import { localFlag } from '../../lib/local-flag.ts';

/**
 * Set while a download is unfinished on this device: the app loads its download code (an
 * IndexedDB database of its own) at start only when there is something to go on with
 * (docs/offline.md, "Downloads").
 */
const flag = localFlag('eduportal-open-downloads');

export const setOpenDownloads = (open: boolean) => flag.set(open);
export const hasOpenDownloads = () => flag.isSet();
