import { Screen } from '../components/screen.tsx';
import { BlogList } from '../features/marketing/blog-list.tsx';

export default function BlogRoute() {
  return (
    <Screen title="Blog" breadcrumb lead="Notes on learning online, on any phone and any connection.">
      <BlogList />
    </Screen>
  );
}
