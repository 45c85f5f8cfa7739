import { Screen } from '../components/screen.tsx';
import { BlogList } from '../features/marketing/blog-list.tsx';
import { t } from '../i18n/i18n.ts';

export default function BlogRoute() {
  return (
    <Screen title={t('nav.blog')} breadcrumb lead={t('blog.lead')}>
      <BlogList />
    </Screen>
  );
}
