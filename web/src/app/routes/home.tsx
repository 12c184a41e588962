import { ADMIN_TEXTS } from '@contract/admin';
import { ComingSoon, PageContainer, PageTitle } from '@web/components/page';
import { PageSpinner } from '@web/components/ui/spinner';
import { useUser } from '@web/lib/auth';
import { Suspense, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type Section, sectionOf, sectionPath } from '../sections';

/** What the first render of / waits for besides this chunk: the feed's cards, when the HTML carried its first page. */
export { preloadFeedCards as preloadHomeContent } from './feed-home';

/**
 * /: the feed. An old address of a section (`/?section=events`, before each had its path) is
 * replaced by the section's path (issue 20).
 */
export function HomePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const old = params.get('section');
  let target: string | null = null;
  if (old !== null) {
    const rest = new URLSearchParams(params);
    rest.delete('section');
    const query = rest.toString();
    target = `${sectionPath(old) ?? '/'}${query ? `?${query}` : ''}`;
  }
  // After the first commit: the server rendered the feed for this address, and the first render
  // must match it (a <Navigate> there would be a hydration mismatch).
  useEffect(() => {
    if (target !== null) navigate(target, { replace: true });
  }, [target, navigate]);
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
