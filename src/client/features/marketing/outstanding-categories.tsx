import { Icon, type IconName } from './marketing-icons.tsx';
import './marketing.css';
import { t } from '../../i18n/i18n.ts';
import { tm } from '../../i18n/marketing.ts';
import { AppLink } from '../../components/navigation.tsx';

const categories = (): readonly { title: string; icon: IconName }[] => [
  { title: tm('category.communication'), icon: 'chat' },
  { title: tm('category.maths'), icon: 'calculator' },
  { title: tm('category.computers'), icon: 'monitor' },
];

export function OutstandingCategories() {
  return (
    <section className="home-section" aria-labelledby="outstanding-categories">
      <h2 id="outstanding-categories">{tm('category.title')}</h2>
      <ul className="category-grid">
        {categories().map((category) => (
          <li key={category.title}>
            <AppLink to="/courses" className="category-tile">
              <Icon name={category.icon} />
              <span className="category-title">{category.title}</span>
              <span className="category-label">{t('nav.courses')}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
