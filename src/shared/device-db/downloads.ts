/**
 * The downloads' IndexedDB database (docs/offline.md, "Downloads"), declared once for the page,
 * which writes it with Dexie (src/client/device/downloads/downloads.ts), and the service worker,
 * which answers a downloaded video's requests from it (sw/downloads.ts). The video files stay in
 * the chunks they were downloaded in.
 */
export const downloadsDb = {
  name: 'eduportal-downloads',
  /** Dexie's version number (Dexie keeps ten times it in IndexedDB). */
  version: 1,
  /** Dexie's notation: the key first, then the indexes. */
  schema: {
    /**
     * One record per student and video: `${ownerId}:${videoId}`, the file's address and state,
     * and the video's data, from which the worker answers the video's page offline.
     */
    downloads: 'id, ownerId, videoId, url',
    /** The file's bytes, by address and first byte; two students' downloads of one file share them. */
    chunks: '[url+start], url',
  },
} as const;

export type DownloadsStoreName = keyof typeof downloadsDb.schema;

/**
 * The caption tracks saved with a download, from the video's data kept in its record: the page
 * fetches them into the downloads cache beside the thumbnail, and the worker answers them from
 * there offline. Records saved before videos had captions have none.
 */
export function savedCaptions(video: { captions?: readonly { url: string; bytes: number }[] } | undefined) {
  return video?.captions ?? [];
}

/** What a download takes on the device: its video file and its caption tracks. */
export function downloadBytes(
  fileBytes: number,
  video: { captions?: readonly { url: string; bytes: number }[] } | undefined,
): number {
  return savedCaptions(video).reduce((sum, caption) => sum + caption.bytes, fileBytes);
}
