import { NEWS_TEXTS, type NewsArticle } from '@contract/news';
import { AdminList, AdminSplit } from '@web/components/admin/admin-list';
import { useState } from 'react';
import { useDeleteNews } from '../api/delete-news';
import { useNewsList } from '../api/get-news';
import { CategoryBadge } from './category-badge';
import { NewsForm } from './news-form';
import { newsDate } from './news-format';

const T = NEWS_TEXTS;

/**
 * Manage News (SPEC §2 Admin, §4 news form): the form in create mode, or in edit mode after
 * choosing Edit on an article until cancel or save; the articles with Edit and a confirmed Delete.
 */
export function ManageNews() {
  const news = useNewsList();
  const remove = useDeleteNews();
  const [editing, setEditing] = useState<NewsArticle | null>(null);

  return (
    <AdminSplit>
      <NewsForm editing={editing} onDone={() => setEditing(null)} />
      <AdminList
        id="manage-news-list"
        texts={{ ...T, heading: T.articles, empty: T.noArticles, fetchFailed: T.fetchNewsFailed }}
        query={news}
        items={news.data?.pages.flat() ?? []}
        name={(a) => a.title}
        detailsClassName="flex flex-wrap items-center gap-2 text-xs text-muted-foreground"
        details={(a) => (
          <>
            <CategoryBadge category={a.category} />
            <time dateTime={a.createdAt}>{newsDate(a.createdAt)}</time>
          </>
        )}
        selectedId={editing?.id}
        onEdit={setEditing}
        remove={remove}
        onDeleted={(a) => setEditing((e) => (e?.id === a.id ? null : e))}
      />
    </AdminSplit>
  );
}
