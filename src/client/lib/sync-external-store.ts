// SWR imports `use-sync-external-store/shim`, which carries a fallback for React before 18; React
// 19 has the hook itself, so the build points the shim here (vite.config.ts) and the fallback's
// code stays out of every route's first download.
export { useSyncExternalStore } from 'react';
