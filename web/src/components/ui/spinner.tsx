import { cn } from '@web/lib/cn';
import { LoaderCircle } from 'lucide-react';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex text-muted-foreground', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
    </span>
  );
}

/** A spinner in the middle of the page (the current user is loading, a page chunk is loading). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner className="text-primary" />
    </div>
  );
}
