import { enSettings, type SettingsKey } from './en-settings.ts';
import { fill, settingsWords } from './i18n.ts';

/** A word of /settings in the language on show (en-settings.ts, hi-settings.ts), `{placeholders}` filled. */
export const ts = (key: SettingsKey, values?: Record<string, string>): string =>
  fill((settingsWords() ?? enSettings)[key], values);
