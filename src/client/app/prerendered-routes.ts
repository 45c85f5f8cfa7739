import type { ClientRoutePath } from '../../shared/routes.ts';

/**
 * The screens rendered to HTML at build time (scripts/vite/app-shell.ts): the marketing pages,
 * the same for every visitor, so a first visit shows their content before any JavaScript runs.
 * A screen that shows anyone's own data, or reads the API, does not belong here.
 */
export const prerenderedRoutes: readonly ClientRoutePath[] = [
  '/',
  '/courses',
  '/blog',
  '/instructor',
  '/contact',
];
