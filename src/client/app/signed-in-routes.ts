import type { ClientRoutePath } from '../../shared/routes.ts';

/**
 * The screens that show the signed-in user's own data. A signed-out visitor who opens one is
 * sent to /login and brought back after signing in. Channel profiles stay public (they show
 * a sign-in link in place of Subscribe).
 */
export const signedInRoutes: ReadonlySet<ClientRoutePath> = new Set<ClientRoutePath>([
  '/dashbord',
  '/videos',
  '/mycourses',
  // Teaching: any signed-in user can make a course; a course's page and lessons stay public.
  '/courses/new',
  '/courses/$courseId/edit',
  '/acc',
  '/getvideos',
  '/uploadvideo',
  '/updatevideo/$videoId',
  '/updatecover',
  '/updateavatar',
  '/updateaccount',
  '/changepass',
  '/tweets',
  '/updatetweet/$tweetId',
  '/getusertweets',
  '/createtweet',
  '/mysubscribers',
  '/subscriptions',
  // Which videos a student downloaded is theirs alone (docs/offline.md, "Downloads").
  '/downloads',
]);
