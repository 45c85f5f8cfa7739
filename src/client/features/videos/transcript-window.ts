/**
 * How many lines of a transcript are drawn at once, and added each time the student reaches the
 * end of those drawn (features/videos/transcript.tsx; bench/captions.ts reads it too). A phone's
 * box shows about eight; a hundred keeps a fast scroll from reaching the end before more come.
 */
export const LINES_AT_ONCE = 100;
