import { localFlag } from '../../lib/local-flag.ts';

/**
 * Set while an upload is unfinished on this device: the app loads its upload code (its
 * IndexedDB database, tus-js-client) at start only when there is something to resume
 * (docs/offline.md, "Uploads").
 */
export const openUploads = localFlag('eduportal-open-uploads');
