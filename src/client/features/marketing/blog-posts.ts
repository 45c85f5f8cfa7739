// `?no-inline`: Vite would inline images under 4 KB into the script as data: URLs; as files they
// stay out of the JavaScript, load lazily and are cached on their own.
import blog1 from './images/blog-1.webp?no-inline';
import blog2 from './images/blog-2.webp?no-inline';
import blog3 from './images/blog-3.webp?no-inline';
import blog4 from './images/blog-4.webp?no-inline';
import blog5 from './images/blog-5.webp?no-inline';
import blog6 from './images/blog-6.webp?no-inline';
import blog7 from './images/blog-7.webp?no-inline';
import { tm } from '../../i18n/marketing.ts';

export interface BlogPost {
  id: number;
  image: string;
  alt: string;
  title: string;
  description: string;
}

/** The Blog page's static entries (docs/product.md, "Marketing"): placeholders about e-learning. */
export const blogPosts = (): readonly BlogPost[] => [
  {
    id: 1,
    image: blog1,
    alt: tm('blog.1.alt'),
    title: tm('blog.1.title'),
    description: tm('blog.1.text'),
  },
  {
    id: 2,
    image: blog2,
    alt: tm('blog.2.alt'),
    title: tm('blog.2.title'),
    description: tm('blog.2.text'),
  },
  {
    id: 3,
    image: blog3,
    alt: tm('blog.3.alt'),
    title: tm('blog.3.title'),
    description: tm('blog.3.text'),
  },
  {
    id: 4,
    image: blog4,
    alt: tm('blog.4.alt'),
    title: tm('blog.4.title'),
    description: tm('blog.4.text'),
  },
  {
    id: 5,
    image: blog5,
    alt: tm('blog.5.alt'),
    title: tm('blog.5.title'),
    description: tm('blog.5.text'),
  },
  {
    id: 6,
    image: blog6,
    alt: tm('blog.6.alt'),
    title: tm('blog.6.title'),
    description: tm('blog.6.text'),
  },
  {
    id: 7,
    image: blog7,
    alt: tm('blog.7.alt'),
    title: tm('blog.7.title'),
    description: tm('blog.7.text'),
  },
];
