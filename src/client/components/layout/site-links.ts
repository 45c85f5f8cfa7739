/** The links of the top navigation and the footer (docs/product.md, "Top bar and footer"). */
export const publicLinks = [
  { to: '/', label: 'Home' },
  { to: '/courses', label: 'Courses' },
  { to: '/blog', label: 'Blog' },
  { to: '/instructor', label: 'Become an Instructor' },
  { to: '/contact', label: 'Contact' },
] as const;

/** The signed-in user's own pages, shown beside Logout (docs/product.md, "Top bar and footer"). */
export const signedInLinks = [
  { to: '/dashbord', label: 'Dashboard' },
  { to: '/getvideos', label: 'My Videos' },
  { to: '/uploadvideo', label: 'Upload Video' },
  { to: '/acc', label: 'My Account' },
  { to: '/tweets', label: 'Tweets' },
  { to: '/getusertweets', label: 'My Tweets' },
  { to: '/subscriptions', label: 'My Subscriptions' },
  { to: '/downloads', label: 'Downloads' },
] as const;

export const contactDetails = {
  email: 'support@eduportal.example',
  phone: '+91 98765 43210',
} as const;
