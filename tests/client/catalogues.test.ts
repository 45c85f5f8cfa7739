import { describe, expect, it } from 'vitest';
import { enMarketing, type MarketingCatalogue } from '../../src/client/i18n/en-marketing.ts';
import { en, type Catalogue } from '../../src/client/i18n/en.ts';
import { enScreens } from '../../src/client/i18n/en-screens.ts';
import { enSettings, type SettingsCatalogue } from '../../src/client/i18n/en-settings.ts';
import { hiMarketing } from '../../src/client/i18n/hi-marketing.ts';
import { hi } from '../../src/client/i18n/hi.ts';
import { hiSettings } from '../../src/client/i18n/hi-settings.ts';

// docs/architecture.md, "Languages": Hindi says every English message, with the same
// placeholders, and a catalogue without one of English's keys does not compile.
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
const forms = (value: string | Record<string, string>) =>
  typeof value === 'string' ? [value] : Object.values(value);

describe('the catalogues', () => {
  it('give every English message in Hindi, filling the same placeholders', () => {
    for (const [english, hindi] of [
      [{ ...en, ...enScreens }, hi],
      [enMarketing, hiMarketing],
      [enSettings, hiSettings],
    ] as Array<
      [Record<string, string | Record<string, string>>, Record<string, string | Record<string, string>>]
    >) {
      expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(english)) {
        const wanted = [...new Set(forms(value).flatMap(placeholders))].sort();
        for (const form of forms(hindi[key]!)) {
          expect([...new Set(placeholders(form))].sort(), key).toEqual(wanted);
        }
      }
    }
  });

  it('do not compile without one of English’s keys', () => {
    const withoutHome: Omit<Catalogue, 'nav.home'> = Object.fromEntries(
      Object.entries(hi).filter(([key]) => key !== 'nav.home'),
    ) as Omit<Catalogue, 'nav.home'>;
    // @ts-expect-error: 'nav.home' is missing.
    const missing: Catalogue = withoutHome;
    const withoutTitle: Omit<MarketingCatalogue, 'hero.1.title'> = Object.fromEntries(
      Object.entries(hiMarketing).filter(([key]) => key !== 'hero.1.title'),
    ) as Omit<MarketingCatalogue, 'hero.1.title'>;
    // @ts-expect-error: 'hero.1.title' is missing.
    const missingMarketing: MarketingCatalogue = withoutTitle;
    const withoutDownloads: Omit<SettingsCatalogue, 'settings.downloads.what'> = Object.fromEntries(
      Object.entries(hiSettings).filter(([key]) => key !== 'settings.downloads.what'),
    ) as Omit<SettingsCatalogue, 'settings.downloads.what'>;
    // @ts-expect-error: 'settings.downloads.what' is missing.
    const missingSettings: SettingsCatalogue = withoutDownloads;
    expect(Object.keys(missingSettings)).not.toContain('settings.downloads.what');
    expect(Object.keys(missing)).not.toContain('nav.home');
    expect(Object.keys(missingMarketing)).not.toContain('hero.1.title');
  });
});
