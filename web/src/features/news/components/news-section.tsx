import { NEWS_TEXTS } from '@contract/news';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Newspaper, RotateCw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useNewsList } from '../api/get-news';
import { NewsCard } from './news-card';

// The dialog (Radix, the Markdown renderer behind it) loads when an article is first opened.
const ArticleDialog = lazy(() => import('./article-dialog').then((m) => ({ default: m.ArticleDialog })));

/**
 * The News section of the home page (SPEC §2): the articles, newest first, 20 at a time, and
 * the article dialog over them while the address is /news/{id}. Closing goes back to where the
 * reader came from (the list), or to /news when the article's address was opened directly.
 */
export function NewsSection() {
  const news = useNewsList();
  const { newsId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const articles = news.data?.pages.flat() ?? [];

  const close = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) navigate(-1);
    else navigate('/news', { replace: true });
  };

  return (
    <section className="space-y-4">
      {news.isPending ? (
        <NewsSkeleton />
      ) : !news.data ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-border p-8 text-center">
          <p className="text-sm text-destructive">{NEWS_TEXTS.fetchNewsFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void news.refetch()} disabled={news.isFetching}>
            <RotateCw className={news.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            {NEWS_TEXTS.tryAgain}
          </Button>
        </div>
      ) : articles.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
          <Newspaper className="size-8 text-primary" aria-hidden="true" />
          <p>{NEWS_TEXTS.noNews}</p>
        </div>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={NEWS_TEXTS.listLabel}>
            {articles.map((article, i) => (
              <li key={article.id}>
                <NewsCard article={article} priority={i === 0} />
              </li>
            ))}
          </ul>
          {news.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void news.fetchNextPage()}
                disabled={news.isFetchingNextPage}
              >
                {NEWS_TEXTS.loadMore}
              </Button>
            </div>
          ) : null}
          {news.isFetchNextPageError ? (
            <p className="text-sm text-destructive">{NEWS_TEXTS.fetchNewsFailed}</p>
          ) : null}
        </>
      )}
      {newsId ? (
        <Suspense fallback={null}>
          <ArticleDialog id={newsId} onClose={close} />
        </Suspense>
      ) : null}
    </section>
  );
}

function NewsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="overflow-hidden">
          <Skeleton className="aspect-video w-full rounded-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </Card>
      ))}
    </div>
  );
}
