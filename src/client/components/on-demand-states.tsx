import type { OnDemandStates } from './on-demand.tsx';
import { LoadError, Loading } from './status.tsx';

/**
 * A screen part's states in words: "Loading the player…", then, if its file did not come, the
 * offline note or the error (never the browser's own words) naming the part, with "Try again".
 */
export const partStates = (words: { loading: () => string; what: () => string }): OnDemandStates => ({
  loading: () => <Loading label={words.loading()} />,
  failed: (retry) => (
    // No error of its own: the browser's words for a file that did not come are not for the
    // student, and an Error here would be read as the server's refusal.
    <LoadError error={null} what={words.what()} retry={retry} />
  ),
});
