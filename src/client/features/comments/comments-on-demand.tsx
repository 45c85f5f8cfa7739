import { onDemand } from '../../components/on-demand.tsx';
import { partStates } from '../../components/on-demand-states.tsx';
import { t } from '../../i18n/i18n.ts';

/**
 * The comments under a lesson's player, in a file of their own: on a lesson the player is what
 * the student came for, so its code comes first and the comments' (about 2 KB gzip) a moment
 * after, asked for as the page draws them.
 */
export const CommentsOnDemand = onDemand(
  () => import('./comment-section.tsx').then((module) => module.CommentSection),
  partStates({ loading: () => t('comments.loading'), what: () => t('comments.what') }),
).Part;
