import { useEffect, useId, useState, type ReactNode } from 'react';
import type { DataSaverSetting, SendSetting } from '../../../shared/network-policy.ts';
import { chooseLanguage, LANGUAGES, t, useLanguage, type Language } from '../../i18n/i18n.ts';
import { ts } from '../../i18n/settings-words.ts';
import { formatBytes } from '../../lib/format.ts';
import { setDataSaver, setDownloadsWifiOnly, setSendSetting, useSettings } from '../../lib/settings.ts';
import { savedAppFiles, type SavedFiles } from './device-storage.ts';
import './settings.css';

/** One setting: a group of radio buttons, applied at once. */
function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  children,
}: {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: ReactNode; lang?: string }>;
  onChange: (value: T) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="setting">
      <legend>{legend}</legend>
      {children}
      {options.map((option) => (
        <label key={option.value} className="setting-option" htmlFor={`${id}-${option.value}`}>
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span lang={option.lang}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The device's settings (docs/product.md, "Settings"): language, data saver, when waiting
 * actions are sent, and whether downloads wait for Wi-Fi. Each applies at once and is kept on
 * this device.
 */
export function SettingsForm() {
  const language = useLanguage();
  const settings = useSettings();
  const [saved, setSaved] = useState<SavedFiles | undefined>();
  useEffect(() => {
    let live = true;
    void savedAppFiles().then((files) => {
      if (live) setSaved(files);
    });
    return () => {
      live = false;
    };
  }, [settings.dataSaver]);

  const cannotTell = settings.canTellWifi ? null : (
    <p className="setting-note">{ts('settings.cannotTell')}</p>
  );

  return (
    <div className="settings">
      <Choice<Language>
        legend={t('language.label')}
        name="language"
        value={language}
        options={LANGUAGES.map((l) => ({ value: l.code, label: l.name, lang: l.code }))}
        onChange={(value) => void chooseLanguage(value)}
      />
      <Choice<DataSaverSetting>
        legend={ts('settings.dataSaver')}
        name="data-saver"
        value={settings.dataSaverSetting}
        options={[
          { value: 'auto', label: ts('settings.dataSaver.auto') },
          { value: 'on', label: ts('settings.dataSaver.on') },
          { value: 'off', label: ts('settings.dataSaver.off') },
        ]}
        onChange={setDataSaver}
      >
        <p className="setting-note">{ts('settings.dataSaver.what')}</p>
        <p className="setting-note" role="status">
          {ts(settings.dataSaver ? 'settings.dataSaver.nowOn' : 'settings.dataSaver.nowOff')}
        </p>
      </Choice>
      <section className="setting" aria-labelledby="saved-files">
        <h2 id="saved-files">{ts('settings.saved')}</h2>
        <p className="setting-note">
          {saved === undefined
            ? ts('settings.saved.reading')
            : saved.files === 0
              ? ts('settings.saved.none')
              : ts('settings.saved.size', { size: formatBytes(saved.bytes) })}
        </p>
        <p className="setting-note">
          {settings.dataSaver
            ? ts('settings.saved.saverOn')
            : saved?.screensBytes
              ? ts('settings.saved.saverOffSize', { size: formatBytes(saved.screensBytes) })
              : ts('settings.saved.saverOff')}
        </p>
      </section>
      <Choice<SendSetting>
        legend={ts('settings.send')}
        name="send"
        value={settings.send}
        options={[
          { value: 'any', label: ts('settings.send.any') },
          { value: 'wifi-only', label: ts('settings.send.wifi') },
        ]}
        onChange={setSendSetting}
      >
        <p className="setting-note">{ts('settings.send.what')}</p>
        {cannotTell}
      </Choice>
      <fieldset className="setting">
        <legend>{ts('settings.downloads')}</legend>
        <p className="setting-note">{ts('settings.downloads.what')}</p>
        {cannotTell}
        <label className="setting-option">
          <input
            type="checkbox"
            checked={settings.downloadsWifiOnly}
            onChange={(event) => setDownloadsWifiOnly(event.target.checked)}
          />
          <span>{ts('settings.downloads.label')}</span>
        </label>
      </fieldset>
    </div>
  );
}
