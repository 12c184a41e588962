import { BOOKMARK_TEXTS } from '@contract/posts';
import { PageContainer, PageTitle } from '@web/components/page';
import { BookmarksList } from '@web/features/posts/components/bookmarks-list';

/** /bookmarks (signed in): the posts the player saved, from the profile menu and the sheet. */
export function BookmarksPage() {
  return (
    <PageContainer className="max-w-3xl">
      <PageTitle title={BOOKMARK_TEXTS.title} description={BOOKMARK_TEXTS.subtitle} />
      <BookmarksList />
    </PageContainer>
  );
}
