import type { NewsCategory } from '@contract/news';
import { cn } from '@web/lib/cn';
import { CATEGORY_BADGE } from './news-format';

export function CategoryBadge({ category, className }: { category: NewsCategory; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        CATEGORY_BADGE[category] ?? CATEGORY_BADGE.News,
        className,
      )}
    >
      {category}
    </span>
  );
}
