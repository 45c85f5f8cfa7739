import { useMemo } from 'react';
import type { Chapter } from '../../../shared/chapters.ts';
import { t } from '../../i18n/i18n.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { indexAt, useMediaTime } from './use-media-time.ts';

/**
 * "Chapters": each chapter's time and title, a button that seeks there; the one playing is
 * marked. Nothing when the video has none.
 */
export function Chapters({
  id,
  chapters,
  media,
  onSeek,
}: {
  id: string;
  chapters: readonly Chapter[];
  media: HTMLMediaElement | null;
  onSeek: (time: number) => void;
}) {
  const starts = useMemo(() => chapters.map((c) => c.start), [chapters]);
  const playing = indexAt(starts, useMediaTime(media));
  if (chapters.length === 0) return null;
  return (
    <section className="chapters" aria-labelledby={id}>
      <h3 id={id} className="chapters-heading">
        {t('player.chapters')}
      </h3>
      <ol className="chapters-list">
        {chapters.map((chapter, i) => (
          <li key={`${chapter.start}-${i}`}>
            <button
              type="button"
              className="chapter-button"
              aria-current={i === playing ? 'true' : undefined}
              onClick={() => onSeek(chapter.start)}
            >
              <span className="chapter-time">{formatDuration(chapter.start)}</span>
              <span>{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The chapters' marks on a thin bar under the picture, each at its share of the video's length:
 * buttons that seek, named by their chapter. Nothing without chapters or a known length.
 */
export function ChapterMarks({
  chapters,
  duration,
  onSeek,
}: {
  chapters: readonly Chapter[];
  duration: number;
  onSeek: (time: number) => void;
}) {
  if (chapters.length === 0 || !(duration > 0)) return null;
  return (
    <div className="chapter-bar" role="group" aria-label={t('player.chapters')}>
      {chapters.map((chapter, i) => {
        const share = Math.min(100, Math.max(0, (chapter.start / duration) * 100));
        return (
          <button
            key={`${chapter.start}-${i}`}
            type="button"
            className="chapter-mark"
            style={{ left: `${share}%` }}
            aria-label={chapter.title}
            title={`${formatDuration(chapter.start)} ${chapter.title}`}
            onClick={() => onSeek(chapter.start)}
          />
        );
      })}
    </div>
  );
}
