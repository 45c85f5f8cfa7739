import { t } from '../i18n/i18n.ts';
import type { OnDemandStates } from './on-demand.tsx';
import { LoadError, Loading } from './status.tsx';

/**
 * A screen part's states in words: "Loading the player…", then, if its file did not come, the
 * offline note or the error (never the browser's own words) naming the part, with "Try again".
 */
export const partStates = (words: { loading: () => string; what: () => string }): OnDemandStates => ({
  loading: () => <Loading label={words.loading()} />,
  failed: (retry) => (
    <LoadError error={new Error(t('status.loadFailed'))} what={words.what()} retry={retry} />
  ),
});
