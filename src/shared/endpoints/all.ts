import { captionsApi } from './captions.ts';
import { commentsApi } from './comments.ts';
import { coursesApi } from './courses.ts';
import { likesApi } from './likes.ts';
import { progressApi } from './progress.ts';
import { quizApi } from './quiz.ts';
import { siteApi } from './site.ts';
import { subscriptionsApi } from './subscriptions.ts';
import { tweetsApi } from './tweets.ts';
import { uploadsApi } from './uploads.ts';
import { usersApi } from './users.ts';
import { videosApi } from './videos.ts';

/**
 * Every declared endpoint, for the checks that walk them (the server serves each, and only these).
 * The page imports a noun's file, never this one, so a route loads only the calls it makes.
 */
export const allEndpoints = {
  captions: captionsApi,
  comments: commentsApi,
  courses: coursesApi,
  likes: likesApi,
  progress: progressApi,
  quiz: quizApi,
  site: siteApi,
  subscriptions: subscriptionsApi,
  tweets: tweetsApi,
  uploads: uploadsApi,
  users: usersApi,
  videos: videosApi,
};
