/**
 * How many lines of a transcript are drawn at once, and added each time the student reaches the
 * end of those drawn (features/videos/transcript.tsx; bench/captions.ts reads it too). A phone's
 * box shows about six, and more come 200 px before the end is reached. Measured over an hour of
 * cues with the CPU slowed 4x (bench/captions.ts): a hundred at once left a letter typed in the
 * search p95 62 ms to its frame; forty, 32 ms, under the 50 ms budget.
 */
export const LINES_AT_ONCE = 40;
