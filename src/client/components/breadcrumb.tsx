import { Link } from '@tanstack/react-router';
import { t } from '../i18n/i18n.ts';

/** "Home > {current}": where this page sits, with the way back home. */
export function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label={t('nav.breadcrumb')} className="breadcrumb">
      <ol>
        <li>
          <Link to="/">{t('nav.home')}</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
