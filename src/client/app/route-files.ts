import type { ComponentType } from 'react';
import type { ClientRoutePath } from '../../shared/routes.ts';

/**
 * The screen of every route, loaded on demand so that a visitor downloads only the code of the
 * page they open. Typed by the shared route list, so a route without a screen does not compile.
 */
export const routeFiles: Record<ClientRoutePath, () => Promise<{ default: ComponentType }>> = {
  '/': () => import('../routes/home.tsx'),
  '/courses': () => import('../routes/courses.tsx'),
  '/courses/new': () => import('../routes/new-course.tsx'),
  '/courses/$courseId': () => import('../routes/course.tsx'),
  '/courses/$courseId/edit': () => import('../routes/edit-course.tsx'),
  '/courses/$courseId/lessons/$videoId': () => import('../routes/lesson.tsx'),
  '/blog': () => import('../routes/blog.tsx'),
  '/instructor': () => import('../routes/instructor.tsx'),
  '/contact': () => import('../routes/contact.tsx'),
  '/login': () => import('../routes/login.tsx'),
  '/register': () => import('../routes/register.tsx'),
  '/dashbord': () => import('../routes/dashbord.tsx'),
  '/videos': () => import('../routes/videos.tsx'),
  '/videos/$videoId': () => import('../routes/video.tsx'),
  '/mycourses': () => import('../routes/my-courses.tsx'),
  '/acc': () => import('../routes/account.tsx'),
  '/getvideos': () => import('../routes/my-videos.tsx'),
  '/uploadvideo': () => import('../routes/upload-video.tsx'),
  '/updatevideo/$videoId': () => import('../routes/update-video.tsx'),
  '/updatecover': () => import('../routes/update-cover.tsx'),
  '/updateavatar': () => import('../routes/update-avatar.tsx'),
  '/updateaccount': () => import('../routes/update-account.tsx'),
  '/changepass': () => import('../routes/change-password.tsx'),
  '/userprofile/$username': () => import('../routes/user-profile.tsx'),
  '/userprofile1/$username': () => import('../routes/user-profile-tweets.tsx'),
  '/tweets': () => import('../routes/tweets.tsx'),
  '/updatetweet/$tweetId': () => import('../routes/update-tweet.tsx'),
  '/getusertweets': () => import('../routes/my-tweets.tsx'),
  '/createtweet': () => import('../routes/create-tweet.tsx'),
  '/mysubscribers': () => import('../routes/my-subscribers.tsx'),
  '/subscriptions': () => import('../routes/subscriptions.tsx'),
  '/outbox': () => import('../routes/outbox.tsx'),
  '/downloads': () => import('../routes/downloads.tsx'),
  '/settings': () => import('../routes/settings.tsx'),
};
