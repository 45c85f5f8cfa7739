import { Link } from '@tanstack/react-router';
import { Icon, type IconName } from './marketing-icons.tsx';
import './marketing.css';

const categories: readonly { title: string; icon: IconName }[] = [
  { title: 'Communication', icon: 'chat' },
  { title: 'Mathematics', icon: 'calculator' },
  { title: 'Computer Skills', icon: 'monitor' },
];

export function OutstandingCategories() {
  return (
    <section className="home-section" aria-labelledby="outstanding-categories">
      <h2 id="outstanding-categories">Outstanding Categories</h2>
      <ul className="category-grid">
        {categories.map((category) => (
          <li key={category.title}>
            <Link to="/courses" className="category-tile">
              <Icon name={category.icon} />
              <span className="category-title">{category.title}</span>
              <span className="category-label">Courses</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
