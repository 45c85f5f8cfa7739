import type { ReactNode } from 'react';
import { useCourseList } from '../api/courses.ts';
import { Screen } from '../components/screen.tsx';
import { SearchBox, useAddressSearch } from '../components/search/search-box.tsx';
import { Empty, LoadError, Loading, MoreButton } from '../components/status.tsx';
import { CourseCards, StartLearning } from '../features/courses/course-cards.tsx';
import { CourseList } from '../features/marketing/course-list.tsx';
import { t } from '../i18n/i18n.ts';
import { tm } from '../i18n/marketing.ts';

/**
 * /courses: the published courses, newest first, or those matching "Search courses". Until the
 * site has a course (or while the list cannot be read and nothing was saved) it shows the
 * spec's three placeholder cards, as drawn at build time.
 */
export default function CoursesRoute() {
  const { query, box } = useAddressSearch();
  const list = useCourseList(query);
  let body: ReactNode;
  if (list.items.length > 0) {
    body = (
      <>
        {list.suggestion ? (
          <p className="search-suggestion" role="status">
            {tm('catalogue.showingResultsFor', { query: list.suggestion })}
          </p>
        ) : null}
        <CourseCards courses={list.items} action={(course) => <StartLearning course={course} />} />
        {list.hasMore ? (
          <MoreButton
            loading={list.loadingMore}
            onClick={list.loadMore}
            words={{ more: tm('catalogue.more'), loading: tm('catalogue.loading') }}
          />
        ) : null}
      </>
    );
  } else if (query && list.isLoading) body = <Loading label={tm('catalogue.searching')} />;
  else if (query && list.error) body = <LoadError error={list.error} retry={list.retry} />;
  else if (query) body = <Empty>{tm('catalogue.noMatch', { query })}</Empty>;
  // Loading, empty, or offline with nothing saved: the cards the page was drawn with at build time.
  else body = <CourseList />;
  return (
    <Screen title={t('nav.courses')} breadcrumb lead={tm('courses.lead')}>
      <SearchBox label={tm('catalogue.search')} placeholder={tm('catalogue.searchPlaceholder')} box={box} />
      {body}
    </Screen>
  );
}
