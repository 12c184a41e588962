import { NEWS_TEXTS, type NewsArticle } from '@contract/news';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { Pencil, Trash2 } from 'lucide-react';
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
  const [target, setTarget] = useState<NewsArticle | null>(null);

  const confirmDelete = async (article: NewsArticle) => {
    setTarget(null);
    try {
      await remove.mutateAsync(article.id);
      if (editing?.id === article.id) setEditing(null);
      toast({ title: T.deleted });
    } catch {
      // The toast comes from the mutation's meta.
    }
  };

  const articles = news.data?.pages.flat() ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <NewsForm editing={editing} onDone={() => setEditing(null)} />
      <section aria-labelledby="manage-news-list" className="space-y-3">
        <h3 id="manage-news-list" className="font-semibold">
          {T.articles}
        </h3>
        {news.isPending ? (
          <div className="space-y-2" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : news.isError && !news.data ? (
          <p className="text-sm text-destructive">{T.fetchNewsFailed}</p>
        ) : articles.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {T.noArticles}
          </p>
        ) : (
          <ul className="max-h-[600px] space-y-2 overflow-y-auto pr-1" aria-label={T.articles}>
            {articles.map((article) => (
              <li key={article.id}>
                <Card
                  className={`flex items-start gap-3 p-3 ${editing?.id === article.id ? 'border-primary' : ''}`}
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="truncate font-medium">{article.title}</p>
                    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <CategoryBadge category={article.category} />
                      <time dateTime={article.createdAt}>{newsDate(article.createdAt)}</time>
                    </p>
                  </div>
                  {article.canEdit ? (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(article)}
                      aria-label={`${T.edit} ${article.title}`}
                    >
                      <Pencil aria-hidden="true" />
                      {T.edit}
                    </Button>
                  ) : null}
                  {article.canDelete ? (
                    <Button
                      variant="destructive"
                      size="sm"
                      onClick={() => setTarget(article)}
                      disabled={remove.isPending && remove.variables === article.id}
                      aria-label={`${T.delete} ${article.title}`}
                    >
                      <Trash2 aria-hidden="true" />
                      {T.delete}
                    </Button>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
        {news.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void news.fetchNextPage()}
            disabled={news.isFetchingNextPage}
          >
            {T.loadMore}
          </Button>
        ) : null}
      </section>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={T.deleteTitle}
        description={target ? `“${target.title}” — ${T.deleteDescription}` : T.deleteDescription}
        confirmLabel={T.delete}
        onConfirm={() => target && void confirmDelete(target)}
      />
    </div>
  );
}
