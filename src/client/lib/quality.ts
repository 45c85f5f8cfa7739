import { useSyncExternalStore } from 'react';
import type { Rendition, RenditionQuality } from '../../shared/contracts/videos.ts';
import { formatBytes } from './format.ts';
import type { MessageKey } from '../i18n/en.ts';
import { t } from '../i18n/i18n.ts';

const LAST_CHOICE = 'eduportal-quality';

const NAMES: Record<RenditionQuality, string | MessageKey> = {
  '144p': '144p',
  '240p': '240p',
  '360p': '360p',
  audio: 'quality.audio',
  original: 'quality.original',
};

/** What a copy is and what it costs: "240p · 9.8 MB", "Audio only · 2.1 MB". */
export function qualityLabel(rendition: Rendition): string {
  const name = NAMES[rendition.quality];
  return `${name.startsWith('quality.') ? t(name as MessageKey) : name} · ${formatBytes(rendition.bytes)}`;
}

/** The copies with a picture, smallest first (renditions come smallest first, the original last). */
const withPicture = (renditions: Rendition[]) => renditions.filter((r) => r.quality !== 'audio');

export function lastChoice(): RenditionQuality | undefined {
  try {
    return (localStorage.getItem(LAST_CHOICE) as RenditionQuality | null) ?? undefined;
  } catch {
    return undefined;
  }
}

const listeners = new Set<() => void>();

export function rememberChoice(quality: RenditionQuality): void {
  try {
    localStorage.setItem(LAST_CHOICE, quality);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/**
 * The last choice as it changes: a choice made in this page, or in another tab of the app (the
 * browser's storage event), so a list already on screen names the copy its videos would now start
 * in without being read again.
 */
export function useLastChoice(): RenditionQuality | undefined {
  return useSyncExternalStore(subscribeToChoice, lastChoice, () => undefined);
}

function subscribeToChoice(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LAST_CHOICE || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The quality a video starts in: the lowest with a picture when data saver is on; else the
 * student's last choice, if this video has it; else 240p; else 144p (a source under 240 px);
 * else the smallest with a picture (while renditions are being made, that is the original).
 */
export function defaultQuality(
  renditions: Rendition[],
  { dataSaver, last }: { dataSaver: boolean; last: RenditionQuality | undefined },
): Rendition | undefined {
  const pictures = withPicture(renditions);
  if (dataSaver) return pictures[0] ?? renditions[0];
  const find = (q: RenditionQuality | undefined) => renditions.find((r) => r.quality === q);
  return find(last) ?? find('240p') ?? find('144p') ?? pictures[0] ?? renditions[0];
}
