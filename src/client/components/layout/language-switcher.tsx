import { useEffect, useId, useRef, useState } from 'react';
import { chooseLanguage, LANGUAGES, t, useLanguage, type Language } from '../../i18n/i18n.ts';
import { LayoutIcon } from '../icons.tsx';

/**
 * The top bar's language switcher (docs/product.md, "Language"): a button showing the language
 * on show in its own script, which opens the list of languages. The choice is kept on the device.
 */
export function LanguageSwitcher() {
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const current = LANGUAGES.find((l) => l.code === language) ?? LANGUAGES[0];

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!areaRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const choose = (code: Language) => {
    setOpen(false);
    buttonRef.current?.focus();
    if (code !== language) void chooseLanguage(code);
  };

  return (
    <div className="language-area" ref={areaRef}>
      <button
        ref={buttonRef}
        type="button"
        className="language-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <LayoutIcon name="translate" />
        <span className="visually-hidden">{t('language.label')}: </span>
        <span lang={current?.code}>{current?.name}</span>
      </button>
      <ul id={listId} className="language-list" hidden={!open} aria-label={t('language.choose')}>
        {LANGUAGES.map((l) => (
          <li key={l.code}>
            <button
              type="button"
              lang={l.code}
              aria-current={l.code === language ? 'true' : undefined}
              onClick={() => choose(l.code)}
            >
              {l.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
