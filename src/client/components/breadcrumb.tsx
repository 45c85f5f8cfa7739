import { t } from '../i18n/i18n.ts';
import { AppLink } from './navigation.tsx';

/** "Home > {current}": where this page sits, with the way back home. */
export function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label={t('nav.breadcrumb')} className="breadcrumb">
      <ol>
        <li>
          <AppLink to="/">{t('nav.home')}</AppLink>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
