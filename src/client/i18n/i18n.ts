import { useSyncExternalStore } from 'react';
import { LANGUAGE_KEY, type Language } from '../../shared/language.ts';
import type { MarketingCatalogue } from './en-marketing.ts';
import type { SettingsCatalogue } from './en-settings.ts';
import type { enScreens } from './en-screens.ts';
import { en, type Catalogue, type MessageKey, type PluralKey } from './en.ts';

/**
 * The app's words (docs/architecture.md, "Languages"): a typed dictionary over `Intl`, about
 * 0.15 KB of code on the first route, where a library cost 3-17 KB (measured; docs/architecture.md).
 * English is bundled and is the source of the keys; Hindi is its own chunk, loaded only when
 * chosen (and precached, so it works offline).
 */

export type { Language };
export const LANGUAGES: ReadonlyArray<{ code: Language; name: string }> = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
];
const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

let language: Language = 'en';
/** English as far as it is loaded: en.ts at once, en-screens.ts once a screen needs it. */
const english = { ...en } as Catalogue;
let catalogue: Catalogue = english;
let screenWords: Promise<void> | undefined;

/** Adds the screens' English words (the server's render and the tests take them at once). */
export function addScreenWords(words: typeof enScreens): void {
  Object.assign(english, words);
}

/**
 * Loads the screens' English words, once: every screen but the marketing pages, and every device
 * engine, waits for it before it shows a word. Hindi has them all in its one chunk.
 */
export function loadScreenWords(): Promise<void> {
  screenWords ??= import('./en-screens.ts').then(({ enScreens }) => addScreenWords(enScreens));
  return screenWords;
}
const listeners = new Set<() => void>();

/** The language stored on this device, English when none (or storage is refused). */
export function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'hi' ? 'hi' : 'en';
  } catch {
    return 'en';
  }
}

let marketing: MarketingCatalogue | undefined;
let settingsHindi: SettingsCatalogue | undefined;
/** The marketing pages' words when not English (marketing.ts); English comes with their code. */
export const marketingWords = (): MarketingCatalogue | undefined => marketing;
/** The words of /settings when not English (settings-words.ts); English comes with its code. */
export const settingsWords = (): SettingsCatalogue | undefined => settingsHindi;

/** Makes `lang` the language on show, before the first render or on a switch. */
export async function applyLanguage(lang: Language): Promise<void> {
  if (lang === 'hi') {
    const [words, marketingHindi, settings] = await Promise.all([
      import('./hi.ts'),
      import('./hi-marketing.ts'),
      import('./hi-settings.ts'),
    ]);
    catalogue = words.hi;
    marketing = marketingHindi.hiMarketing;
    settingsHindi = settings.hiSettings;
  } else {
    catalogue = english;
    marketing = settingsHindi = undefined;
  }
  language = lang;
  // Not in the build's render of index.html's top bar (scripts/vite/app-shell.ts).
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}

/**
 * The student chose a language: remembered on the device, and the page opens again in it (from
 * the worker's copy, offline too), so that every word on show, the static top bar and
 * `<html lang>` change together. Where storage is refused (private mode) the choice lasts for
 * this page only, and the screens follow it as they render.
 */
export async function chooseLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
    window.location.reload();
  } catch {
    await applyLanguage(lang);
  }
}

export const currentLanguage = (): Language => language;
export const locale = (): string => LOCALES[language];

/** The language on show, following a switch. */
export function useLanguage(): Language {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentLanguage,
    () => 'en',
  );
}

export const fill = (text: string, values?: Record<string, string | number>) =>
  values ? text.replace(/\{(\w+)\}/g, (all, name: string) => String(values[name] ?? all)) : text;

/** A message in the language on show, with its `{placeholders}` filled. */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  // A key whose words are not loaded shows as itself, which the screen walks look for.
  return fill((catalogue[key] as string | undefined) ?? key, values);
}

const pluralRules = new Map<string, Intl.PluralRules>();
/**
 * A message that depends on a count, chosen by `Intl.PluralRules` (Hindi says "one" for 0 and 1);
 * `{n}` is the count, written as the language writes numbers.
 */
export function plural(key: PluralKey, n: number, values?: Record<string, string | number>): string {
  const tag = locale();
  let rules = pluralRules.get(tag);
  if (!rules) pluralRules.set(tag, (rules = new Intl.PluralRules(tag)));
  const forms = catalogue[key] as
    (Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }) | undefined;
  if (!forms) return key;
  return fill(forms[rules.select(n)] ?? forms.other, { n: formatNumber(n), ...values });
}

export const formatNumber = (n: number, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(locale(), options).format(n);
