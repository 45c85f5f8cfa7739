import { onDemand } from '../../components/on-demand.tsx';
import { partStates } from '../../components/on-demand-states.tsx';
import { t } from '../../i18n/i18n.ts';
// The comments' styles come with the page, for the reason chosen-player.tsx gives.
import './comments.css';

// Under a video's or a lesson's player, the player is what the student came for: its code comes
// first, and the comments' (about 2 KB gzip) a moment after, asked for as the page draws them.
const load = () => import('./comment-section.tsx');

export const CommentsOnDemand = onDemand(
  () => load().then((module) => module.CommentSection),
  partStates({ loading: () => t('comments.loading'), what: () => t('comments.what') }),
).Part;

/** A deleted video's comments still waiting to be sent: nothing shown until their code is here. */
export const WaitingCommentsOnDemand = onDemand(() => load().then((module) => module.WaitingComments)).Part;
