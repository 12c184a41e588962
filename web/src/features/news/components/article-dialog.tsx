import { NEWS_TEXTS, type NewsArticle } from '@contract/news';
import { Markdown } from '@web/components/markdown';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { Clock } from 'lucide-react';
import { useArticle } from '../api/get-article';
import { CategoryBadge } from './category-badge';
import { newsDate } from './news-format';

/**
 * The article dialog (SPEC §2): image, category badge, title, source, date ('MMMM d, yyyy'),
 * read time, excerpt and the full content (Markdown). Open while `id` is set (/news/{id}).
 */
export function ArticleDialog({ id, onClose }: { id: string | null | undefined; onClose: () => void }) {
  const article = useArticle(id);
  return (
    <Dialog open={!!id} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl p-0 sm:max-w-3xl">
        {article.data ? (
          <ArticleBody article={article.data} />
        ) : article.isError ? (
          <div className="p-6">
            <DialogTitle>
              {article.error instanceof ApiError && article.error.status === 404
                ? NEWS_TEXTS.newsNotFound
                : NEWS_TEXTS.fetchArticleFailed}
            </DialogTitle>
            <DialogDescription className="sr-only">{NEWS_TEXTS.fetchArticleFailed}</DialogDescription>
          </div>
        ) : (
          <div className="space-y-4 p-6" aria-busy="true">
            <DialogTitle className="sr-only">{NEWS_TEXTS.heading}</DialogTitle>
            <DialogDescription className="sr-only">{NEWS_TEXTS.heading}</DialogDescription>
            <Skeleton className="aspect-video w-full" />
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ArticleBody({ article }: { article: NewsArticle }) {
  return (
    <article className="min-w-0">
      {article.image ? (
        <RemoteImage
          address={article.image}
          media={article.media}
          alt=""
          sizes="(min-width: 768px) 48rem, 100vw"
          className="aspect-video w-full rounded-t-xl bg-muted object-cover"
          fallback="news"
        />
      ) : null}
      <div className="space-y-4 p-6">
        <DialogHeader className="gap-3 text-left">
          <div>
            <CategoryBadge category={article.category} />
          </div>
          <DialogTitle className="text-2xl leading-tight font-bold">{article.title}</DialogTitle>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <span className="font-medium text-foreground/80">{article.source}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={article.createdAt}>{newsDate(article.createdAt)}</time>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden="true" />
              {article.readTime}
            </span>
          </p>
        </DialogHeader>
        {article.excerpt ? (
          <DialogDescription className="text-base font-medium text-foreground/80">
            {article.excerpt}
          </DialogDescription>
        ) : (
          <DialogDescription className="sr-only">{article.title}</DialogDescription>
        )}
        {article.content ? <Markdown>{article.content}</Markdown> : null}
      </div>
    </article>
  );
}
