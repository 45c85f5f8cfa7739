/** The links of the top navigation and the footer (product-spec.md, "Top bar" and "Footer"). */
export const publicLinks = [
  { to: '/', label: 'Home' },
  { to: '/courses', label: 'Courses' },
  { to: '/blog', label: 'Blog' },
  { to: '/instructor', label: 'Become an Instructor' },
  { to: '/contact', label: 'Contact' },
] as const;

export const contactDetails = {
  email: 'support@eduportal.example',
  phone: '+91 98765 43210',
} as const;
