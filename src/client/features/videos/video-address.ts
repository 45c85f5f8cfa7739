import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Puts a chosen video's own address (/videos/{id}) in the address bar while the list stays on
 * screen: a route mask, so the link can be copied or bookmarked, and a reload (or the link opened
 * elsewhere) opens that video's page. Back returns to the list's own address.
 */
export function useShowVideoAddress(): (videoId: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (videoId: string) => {
      void navigate({
        to: '.',
        // The list's search stays as it was under the video.
        search: true,
        // A state of its own: without it the router sees the same location and changes nothing.
        state: (previous) => ({ ...previous, shownVideo: videoId }),
        mask: { to: '/videos/$videoId', params: { videoId }, unmaskOnReload: true },
      });
    },
    [navigate],
  );
}
