import { ADMIN_TEXTS } from '@contract/admin';
import { ComingSoon, PageContainer, PageTitle } from '@web/components/page';
import { PageSpinner } from '@web/components/ui/spinner';
import { useUser } from '@web/lib/auth';
import { Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { type Section, sectionOf, sectionPath } from '../sections';

/** What the first render of / waits for besides this chunk: the feed's cards, when the HTML carried its first page. */
export { preloadFeedCards as preloadHomeContent } from './feed-home';

/**
 * /: the feed. An old address of a section (`/?section=events`, before each had its path) is
 * replaced by the section's path (issue 20).
 */
export function HomePage() {
  const [params] = useSearchParams();
  const old = params.get('section');
  if (old !== null) {
    params.delete('section');
    const rest = params.toString();
    return <Navigate to={`${sectionPath(old) ?? '/'}${rest ? `?${rest}` : ''}`} replace />;
  }
  return <SectionPage section="feed" />;
}

/** A section at its path, from the sections' registry, under its title. Public. */
export function SectionPage({ section }: { section: Section }) {
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
