import type { NewsArticle } from '@contract/news';
import { Card } from '@web/components/ui/card';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { CategoryBadge } from './category-badge';
import { newsDate } from './news-format';

/**
 * One article in the News section (SPEC §2): image, category badge, title, excerpt, source, date
 * and read time. The whole card is a link to the article's own address (/news/{id}), which opens
 * the article dialog over the section.
 */
export function NewsCard({ article, priority }: { article: NewsArticle; priority?: boolean }) {
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-primary/60">
      <RemoteImage
        address={article.image}
        media={article.media}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className="aspect-video w-full bg-muted object-cover"
        fallback="news"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <CategoryBadge category={article.category} />
        </div>
        <h3 className="text-lg leading-snug font-semibold">
          <Link
            to={`/news/${article.id}`}
            state={{ fromList: true, keepScroll: true }}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-primary"
          >
            {article.title}
          </Link>
        </h3>
        {article.excerpt ? (
          <p className="line-clamp-3 text-sm text-muted-foreground">{article.excerpt}</p>
        ) : null}
        <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span className="font-medium text-foreground/80">{article.source}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={article.createdAt}>{newsDate(article.createdAt)}</time>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3" aria-hidden="true" />
            {article.readTime}
          </span>
        </p>
      </div>
    </Card>
  );
}
