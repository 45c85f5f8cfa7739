import { Screen } from '../components/screen.tsx';
import { BlogList } from '../features/marketing/blog-list.tsx';
import { t } from '../i18n/i18n.ts';
import { tm } from '../i18n/marketing.ts';

export default function BlogRoute() {
  return (
    <Screen title={t('nav.blog')} breadcrumb lead={tm('blog.lead')}>
      <BlogList />
    </Screen>
  );
}
