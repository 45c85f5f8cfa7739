import { t } from '../../i18n/i18n.ts';

/**
 * How long a screen may take to come before the skeleton takes its place: the router's wait for
 * a screen's file, and the home page's light start's for the app's code (app/light-start.tsx).
 */
export const SKELETON_AFTER_MS = 1000;
/**
 * The layout's skeleton: the shape of a screen (a heading, a line, a few cards) shown while its
 * code and data are on the way, in index.html's static shell and while a screen's file loads
 * (docs/architecture.md, "Start"). Grey blocks, no words: the heading arrives with the screen.
 */
export function ScreenSkeleton() {
  return (
    <div className="screen-skeleton" role="status" aria-label={t('layout.loading')}>
      <span className="skeleton skeleton-heading" />
      <span className="skeleton skeleton-line" />
      <div className="skeleton-cards">
        <span className="skeleton skeleton-card" />
        <span className="skeleton skeleton-card" />
        <span className="skeleton skeleton-card" />
      </div>
    </div>
  );
}
