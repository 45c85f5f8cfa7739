/**
 * Every screen of docs/product.md ("Screens"), by path pattern (`$name` marks a parameter, as in
 * TanStack Router). The server answers these paths with the app so that a deep link or a reload
 * works; the client's router declares exactly these (a test checks both agree).
 */
export const clientRoutes = [
  { path: '/', title: 'Home' },
  { path: '/courses', title: 'Courses' },
  // Courses a student can follow (product-additions.md); "new" is listed before a course's id.
  { path: '/courses/new', title: 'New course' },
  { path: '/courses/$courseId', title: 'Course' },
  { path: '/courses/$courseId/edit', title: 'Edit course' },
  { path: '/courses/$courseId/lessons/$videoId', title: 'Lesson' },
  { path: '/blog', title: 'Blog' },
  { path: '/instructor', title: 'Become an Instructor' },
  { path: '/contact', title: 'Contact' },
  { path: '/login', title: 'Login' },
  { path: '/register', title: 'Register' },
  { path: '/dashbord', title: 'All videos' },
  { path: '/videos', title: 'All videos' },
  // Not in the old app: one video's own address, to share, bookmark and reopen offline.
  { path: '/videos/$videoId', title: 'Video' },
  { path: '/mycourses', title: 'My Courses' },
  { path: '/acc', title: 'My account' },
  { path: '/getvideos', title: 'My videos' },
  { path: '/uploadvideo', title: 'Upload video' },
  { path: '/updatevideo/$videoId', title: 'Update video' },
  { path: '/updatecover', title: 'Update cover image' },
  { path: '/updateavatar', title: 'Update avatar' },
  { path: '/updateaccount', title: 'Update account details' },
  { path: '/changepass', title: 'Change password' },
  { path: '/userprofile/$username', title: 'Channel profile' },
  { path: '/userprofile1/$username', title: 'Channel profile' },
  { path: '/tweets', title: 'All tweets' },
  { path: '/updatetweet/$tweetId', title: 'Update tweet' },
  { path: '/getusertweets', title: 'My tweets' },
  { path: '/createtweet', title: 'Create tweet' },
  { path: '/mysubscribers', title: 'My subscribers' },
  { path: '/subscriptions', title: 'My subscriptions' },
  // Not in the old app: what waits on this device to reach the server (offline-first work).
  { path: '/outbox', title: 'Outbox' },
  // Not in the old app: the videos downloaded to this device to watch offline (docs/offline.md).
  { path: '/downloads', title: 'Downloads' },
  // Not in the old app: language, data saver and when to send (product-additions.md).
  { path: '/settings', title: 'Settings' },
] as const;

export type ClientRoutePath = (typeof clientRoutes)[number]['path'];

/** The screen a URL path (no query) opens, by its pattern, if it is one of the app's screens. */
export function matchClientRoute(urlPath: string): ClientRoutePath | undefined {
  const path = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  const parts = path.split('/');
  return clientRoutes.find(({ path: pattern }) => {
    const expected = pattern.split('/');
    if (expected.length !== parts.length) return false;
    return expected.every((segment, i) => {
      const actual = parts[i] ?? '';
      return segment.startsWith('$') ? actual.length > 0 : segment === actual;
    });
  })?.path;
}

/** Whether a URL path (no query) is one of the app's screens. */
export const matchesClientRoute = (urlPath: string): boolean => matchClientRoute(urlPath) !== undefined;
