/**
 * The English words of the marketing pages (home, courses, blog, instructor, contact details):
 * a catalogue of its own, loaded with those pages' code, so the app's other screens do not carry
 * it (docs/architecture.md, "Languages"). A key added here and missing from hi-marketing.ts
 * fails `npm run typecheck`.
 */
export const enMarketing = {
  'blog.lead': 'Notes on learning online, on any phone and any connection.',
  'courses.lead': 'Start with a course and learn at your own pace, online or off.',
  'contactDetails.title': 'Get in touch',
  'contactDetails.text':
    'Questions about courses, teaching on EduPortal or a plan for your school? Write to us and we will answer within two working days.',
  'contactDetails.phone': 'Phone',
  'contactDetails.hours': 'Hours',
  'contactDetails.hoursValue': 'Monday to Saturday, 9:00 to 18:00',
  'hero.1.eyebrow': 'For students',
  'hero.1.title': 'Courses available for student',
  'hero.1.text': 'Short lessons that open quickly on any phone and stay with you when the signal drops.',
  'hero.1.link': 'Explore courses',
  'hero.1.alt': 'Two students learning together with a laptop and a pile of books',
  'hero.2.eyebrow': 'For teachers',
  'hero.2.title': 'Teacher can also teach',
  'hero.2.text': 'Share what you know with students across the country and build your own classes.',
  'hero.2.link': 'Become an instructor',
  'hero.2.alt': 'A teacher pointing at a board full of notes',
  'hero.3.eyebrow': 'For schools',
  'hero.3.title': 'Schools can purchase courses for student',
  'hero.3.text': 'One yearly plan gives every student in your school the whole course library.',
  'hero.3.link': 'Courses for schools',
  'hero.3.alt': 'A school building with two students in front of it',
  'hero.label': 'Highlights',
  'home.p1.title': 'Made for any phone',
  'home.p1.text': 'Pages are small and quick, so a basic Android phone on a slow network is enough.',
  'home.p2.title': 'Keeps working offline',
  'home.p2.text': 'Pages you have opened stay on your device and open again without a connection.',
  'home.p3.title': 'Learn from anywhere',
  'home.p3.text': 'At home, at a partner net cafe or at a Wi-Fi centre near your school.',
  'home.t1.quote': 'I revise on the bus with my phone. The lessons still open when the network is gone.',
  'home.t1.role': 'Class 11 student',
  'home.t2.quote': 'I recorded my first course in a weekend and now students from three districts follow it.',
  'home.t2.role': 'Science teacher',
  'home.t3.quote': 'One plan for the whole school meant no student was left out because of fees.',
  'home.t3.role': 'School principal',
  'home.portal': 'One portal for every student',
  'home.portalLead':
    'Course videos, notes and a community of learners in one place, built for weak connections.',
  'home.teach': 'Teach on EduPortal',
  'home.teachText':
    'Teachers can become instructors: plan a course, record short lessons and reach students far beyond their own classroom.',
  'home.schoolsText':
    'A school can buy a yearly plan that opens every course to all of its students, with the same login at school and at home.',
  'home.talk': 'Talk to us',
  'home.say': 'What people say',
  'category.communication': 'Communication',
  'category.maths': 'Mathematics',
  'category.computers': 'Computer Skills',
  'category.title': 'Outstanding Categories',
  'course.englishSpeaking': 'English Speaking',
  'course.englishSpeakingText':
    'Practise everyday conversations, build confidence and speak clearly in class, at interviews and at work.',
  'popular.title': 'Popular Courses',
  'popular.readMore': 'Read More',
  'popular.about': 'about {name}',
  'course.spoken': 'Spoken English for Beginners',
  'course.spokenText':
    'Start from greetings and simple questions and work up to short talks, with a new lesson each week and practice you can do offline.',
  'course.start': 'Start Learning',
  'blog.1.alt': 'A laptop playing a lesson video',
  'blog.1.title': 'eLearning',
  'blog.1.text':
    'An e-learning platform brings the classroom to wherever a student happens to be. Lessons are split into short videos and notes, so a learner can study for ten minutes between chores or for an hour in the evening. Progress is saved as they go, teachers can see where a class is struggling, and nobody has to travel to a city centre to follow a good course.',
  'blog.2.alt': 'Wi-Fi signal waves over a dot',
  'blog.2.title': 'Learning on a Slow Connection',
  'blog.2.text':
    'Many students share one weak mobile signal with their whole family. A learning platform built for them keeps pages light, loads pictures only when they are needed and saves what was opened on the phone itself. When the connection drops in the middle of a lesson, the page is still there, and anything the student did is sent once the network comes back.',
  'blog.3.alt': 'A phone showing a lesson between two stacks of books',
  'blog.3.title': 'Studying on Your Phone',
  'blog.3.text':
    'For a lot of learners the phone is the only screen at home. Good e-learning respects that: large buttons that are easy to tap, text that can be read without zooming, and lessons that fit in a pocket. Installed on the home screen, the portal opens like any other app and is ready for a quick revision before an exam or on the way to school.',
  'blog.4.alt': 'A video player with a play button and a progress bar',
  'blog.4.title': 'Video Lessons That Stick',
  'blog.4.text':
    'A short video with a clear goal teaches more than a long recording of a lecture. On an e-learning platform each lesson can show one idea, followed by a question or a small task. Students can pause, replay the hard part and come back later, and teachers learn from the comments which explanations worked and which need another try.',
  'blog.5.alt': 'Three students talking, with question and exclamation marks',
  'blog.5.title': 'Learning Together Online',
  'blog.5.text':
    'Studying alone is hard; an online community makes it easier. Students on the platform can comment on lessons, post short notes and follow the channels of the teachers they like. Questions that would never be asked in a crowded classroom get an answer from a classmate, and a good explanation from one student helps everyone who reads it after them.',
  'blog.6.alt': 'A house connected to a laptop by a dotted line',
  'blog.6.title': 'From Classroom to Home',
  'blog.6.text':
    'When a school joins an e-learning platform, lessons do not stop at the school gate. Every student gets the same courses at home that they saw in class, teachers can share extra material in minutes, and parents can see what their children are working on. For schools with few teachers it is a way to offer subjects they could not teach before.',
  'blog.7.alt': 'A tick in a circle next to a certificate',
  'blog.7.title': 'Skills Beyond the Syllabus',
  'blog.7.text':
    'Education is more than the next exam. Alongside school subjects, an e-learning platform can offer spoken English, computer basics, design or public speaking, taught by people who use these skills every day. Students discover what they enjoy, build a record of what they have learnt and arrive at college or their first job with more than marks to show.',
  'instructor.hero': 'Become an Instructor & teach what you love',
  'instructor.heroText':
    'Turn what you know into a course that students can follow on any phone, even on a slow connection.',
  'instructor.teach': 'teach a course',
  'instructor.note': "We'll check your proposal and get back to you.",
  'instructor.b1.title': 'Produced by EduPortal',
  'instructor.b1.text': 'We help you plan the course, record clear lessons and present them at their best.',
  'instructor.b2.title': 'Share with the community',
  'instructor.b2.text':
    'Your lessons reach students, schools and Wi-Fi centres that are looking for good teachers.',
  'instructor.b3.title': 'Your creativity is golden',
  'instructor.b3.text': 'Teach in your own way and your own voice; you decide what goes into each lesson.',
  'instructor.why': 'Why teach on EduPortal',
  'instructor.s1.label': 'Become An Instructor',
  'instructor.s1.p1':
    'Tell us who you are, what you teach and who your course is for. A short outline of the lessons you have in mind is enough to start.',
  'instructor.s1.p2': 'Our team reads every proposal and replies with suggestions, usually within a week.',
  'instructor.s2.label': 'Instructor Rules',
  'instructor.s2.p1':
    'Teach only material you have the right to share, keep lessons respectful and suitable for school students, and answer questions in the comments when you can.',
  'instructor.s2.p2':
    'Courses should be useful on a small screen: short videos, readable slides and clear sound.',
  'instructor.s3.label': 'Start With Courses',
  'instructor.s3.p1':
    'Begin with one small course of five to ten lessons. Record a first lesson, share it with a few students and improve it with their feedback.',
  'instructor.s3.p2': 'When the course is ready we publish it, and you can plan the next one.',
  'instructor.how': 'How to become an instructor?',
  'instructor.howLabel': 'How to become an instructor',
  'instructor.ready': 'Ready To Teach A Course?',
  'instructor.tell': 'Tell us about the course you want to teach: what, for whom, and how many lessons.',
  'instructor.send': 'Send your request',
  'instructor.signIn': 'Sign in with your EduPortal account and tell us about the course you want to teach.',
  'instructor.login': 'Login to send your request!',
  'popular.label': 'Popular courses',
  // The course catalogue on /courses, once teachers publish courses.
  'catalogue.by': 'by {name}',
  'catalogue.lessonOne': '1 lesson',
  'catalogue.lessons': '{n} lessons',
  'catalogue.coverAlt': 'Cover of the course {title}',
  'catalogue.search': 'Search courses',
  'catalogue.searchPlaceholder': 'A topic, a word of the title',
  'catalogue.searching': 'Searching courses…',
  'catalogue.loading': 'Loading courses…',
  'catalogue.noMatch': 'No course matches “{query}”.',
  'catalogue.showingResultsFor': 'Showing results for “{query}”',
  'catalogue.more': 'Show more courses',
  'catalogue.progress': '{done} of {total} lessons done',
} as const;

export type MarketingKey = keyof typeof enMarketing;
export type MarketingCatalogue = { readonly [K in MarketingKey]: string };
