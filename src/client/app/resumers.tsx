import { lazy, Suspense } from 'react';

// The resumers draw nothing and matter only once a student is signed in with a download or an
// upload under way, so their code comes after the first screen rather than with it.
const UploadResumer = lazy(() =>
  import('../device/uploads/uploads-react.tsx').then((m) => ({ default: m.UploadResumer })),
);
const DownloadResumer = lazy(() =>
  import('../device/downloads/downloads-react.tsx').then((m) => ({ default: m.DownloadResumer })),
);

/** Carries on the uploads and downloads an earlier visit left under way, whichever way it starts. */
export function Resumers() {
  return (
    <Suspense fallback={null}>
      <UploadResumer />
      <DownloadResumer />
    </Suspense>
  );
}
