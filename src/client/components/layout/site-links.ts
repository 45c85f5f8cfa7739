import type { MessageKey } from '../../i18n/en.ts';

/** The links of the top navigation and the footer (docs/product.md, "Top bar and footer"). */
export const publicLinks = [
  { to: '/', label: 'nav.home' },
  { to: '/courses', label: 'nav.courses' },
  { to: '/blog', label: 'nav.blog' },
  { to: '/instructor', label: 'nav.instructor' },
  { to: '/contact', label: 'nav.contact' },
] as const satisfies ReadonlyArray<{ to: string; label: MessageKey }>;

/** The signed-in user's own pages, shown beside Logout (docs/product.md, "Top bar and footer"). */
export const signedInLinks = [
  { to: '/dashbord', label: 'nav.dashboard' },
  // Not in the old app's bar: the courses a student follows and teaches (product-additions.md).
  { to: '/mycourses', label: 'nav.myCourses' },
  { to: '/getvideos', label: 'nav.myVideos' },
  { to: '/uploadvideo', label: 'nav.upload' },
  { to: '/acc', label: 'nav.account' },
  { to: '/tweets', label: 'nav.tweets' },
  { to: '/getusertweets', label: 'nav.myTweets' },
  { to: '/subscriptions', label: 'nav.subscriptions' },
  { to: '/downloads', label: 'nav.downloads' },
] as const satisfies ReadonlyArray<{ to: string; label: MessageKey }>;

/** The device's own settings: language, data saver, when to send (docs/product.md, "Settings"). */
export const settingsLink = { to: '/settings', label: 'nav.settings' } as const;

export const contactDetails = {
  email: 'support@eduportal.example',
  phone: '+91 98765 43210',
} as const;
