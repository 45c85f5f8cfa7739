// `?no-inline`: Vite would inline images under 4 KB into the script as data: URLs; as files they
// stay out of the JavaScript, load lazily and are cached on their own.
import blog1 from './images/blog-1.webp?no-inline';
import blog2 from './images/blog-2.webp?no-inline';
import blog3 from './images/blog-3.webp?no-inline';
import blog4 from './images/blog-4.webp?no-inline';
import blog5 from './images/blog-5.webp?no-inline';
import blog6 from './images/blog-6.webp?no-inline';
import blog7 from './images/blog-7.webp?no-inline';

export interface BlogPost {
  id: number;
  image: string;
  alt: string;
  title: string;
  description: string;
}

/** The Blog page's static entries (docs/product.md, "Marketing"): placeholders about e-learning. */
export const blogPosts: readonly BlogPost[] = [
  {
    id: 1,
    image: blog1,
    alt: 'A laptop playing a lesson video',
    title: 'eLearning',
    description:
      'An e-learning platform brings the classroom to wherever a student happens to be. Lessons are split into short videos and notes, so a learner can study for ten minutes between chores or for an hour in the evening. Progress is saved as they go, teachers can see where a class is struggling, and nobody has to travel to a city centre to follow a good course.',
  },
  {
    id: 2,
    image: blog2,
    alt: 'Wi-Fi signal waves over a dot',
    title: 'Learning on a Slow Connection',
    description:
      'Many students share one weak mobile signal with their whole family. A learning platform built for them keeps pages light, loads pictures only when they are needed and saves what was opened on the phone itself. When the connection drops in the middle of a lesson, the page is still there, and anything the student did is sent once the network comes back.',
  },
  {
    id: 3,
    image: blog3,
    alt: 'A phone showing a lesson between two stacks of books',
    title: 'Studying on Your Phone',
    description:
      'For a lot of learners the phone is the only screen at home. Good e-learning respects that: large buttons that are easy to tap, text that can be read without zooming, and lessons that fit in a pocket. Installed on the home screen, the portal opens like any other app and is ready for a quick revision before an exam or on the way to school.',
  },
  {
    id: 4,
    image: blog4,
    alt: 'A video player with a play button and a progress bar',
    title: 'Video Lessons That Stick',
    description:
      'A short video with a clear goal teaches more than a long recording of a lecture. On an e-learning platform each lesson can show one idea, followed by a question or a small task. Students can pause, replay the hard part and come back later, and teachers learn from the comments which explanations worked and which need another try.',
  },
  {
    id: 5,
    image: blog5,
    alt: 'Three students talking, with question and exclamation marks',
    title: 'Learning Together Online',
    description:
      'Studying alone is hard; an online community makes it easier. Students on the platform can comment on lessons, post short notes and follow the channels of the teachers they like. Questions that would never be asked in a crowded classroom get an answer from a classmate, and a good explanation from one student helps everyone who reads it after them.',
  },
  {
    id: 6,
    image: blog6,
    alt: 'A house connected to a laptop by a dotted line',
    title: 'From Classroom to Home',
    description:
      'When a school joins an e-learning platform, lessons do not stop at the school gate. Every student gets the same courses at home that they saw in class, teachers can share extra material in minutes, and parents can see what their children are working on. For schools with few teachers it is a way to offer subjects they could not teach before.',
  },
  {
    id: 7,
    image: blog7,
    alt: 'A tick in a circle next to a certificate',
    title: 'Skills Beyond the Syllabus',
    description:
      'Education is more than the next exam. Alongside school subjects, an e-learning platform can offer spoken English, computer basics, design or public speaking, taught by people who use these skills every day. Students discover what they enjoy, build a record of what they have learnt and arrive at college or their first job with more than marks to show.',
  },
];
