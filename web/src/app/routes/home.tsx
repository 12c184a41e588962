import { ADMIN_TEXTS } from '@contract/admin';
import { ComingSoon, PageContainer, PageTitle } from '@web/components/page';
import { PageSpinner } from '@web/components/ui/spinner';
import { useUser } from '@web/lib/auth';
import { Suspense } from 'react';
import { useSection } from '../section';
import { sectionOf } from '../sections';

/** What the first render of / waits for besides this chunk: the feed's cards, when the HTML carried its first page. */
export { preloadFeedCards as preloadHomeContent } from './feed-home';

/** /: the section chosen in the sidebar (feed by default), from the sections' registry. Public. */
export function HomePage() {
  const { section } = useSection();
  const { user } = useUser();
  const { title, view: View, adminOnly } = sectionOf(section);
  if (!title && View) return <View />;
  return (
    <PageContainer>
      {title ? <PageTitle title={title} /> : null}
      {adminOnly && !user?.canAccessAdmin ? (
        <ComingSoon>{ADMIN_TEXTS.adminsOnly}</ComingSoon>
      ) : View ? (
        <Suspense fallback={<PageSpinner />}>
          <View />
        </Suspense>
      ) : (
        <ComingSoon />
      )}
    </PageContainer>
  );
}
