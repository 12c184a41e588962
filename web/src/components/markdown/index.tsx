import { Skeleton } from '@web/components/ui/skeleton';
import { lazy, Suspense } from 'react';

/** The renderer (react-markdown, remark-gfm: ~40 KB) is a chunk of its own, fetched when first shown. */
export const loadMarkdown = () => import('./markdown');
const MarkdownImpl = lazy(() => loadMarkdown().then((m) => ({ default: m.Markdown })));

/** Markdown, rendered safely (./markdown.tsx), loaded on demand with a skeleton meanwhile. */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      }
    >
      <MarkdownImpl className={className}>{children}</MarkdownImpl>
    </Suspense>
  );
}
