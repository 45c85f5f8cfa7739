import { useEffect } from 'react';
import { useDownloads } from '../../device/downloads/downloads-react.tsx';

/**
 * A video the server says no longer exists (404) is dropped from this device: the student's saved
 * copy (its chunks, thumbnail and data) goes, so that it is neither listed nor opened offline as
 * if it were still there.
 */
export function useForgetDeleted(videoId: string, gone: boolean): void {
  const { manager, downloads } = useDownloads();
  const saved = downloads.find((d) => d.videoId === videoId);
  useEffect(() => {
    if (gone && saved && manager) void manager.remove(saved.id);
  }, [gone, saved, manager]);
}
