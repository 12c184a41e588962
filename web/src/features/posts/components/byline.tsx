import { cn } from '@web/lib/cn';
import { timeAgo } from '@web/lib/format';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Who wrote it and when (post card, comment, Moderate Posts): the author's name linking to their
 * profile, then the relative time ('... ago', or 'just now' without a date), then `children`.
 */
export function Byline({
  username,
  createdAt,
  className,
  nameClassName,
  children,
}: {
  username: string;
  createdAt: string | null | undefined;
  className?: string;
  nameClassName?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <Link
        to={`/profile/${encodeURIComponent(username)}`}
        className={cn(
          'truncate font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
          nameClassName,
        )}
      >
        {username}
      </Link>
      {/* The server wrote it a moment earlier (decision 020): "3 minutes ago" may read 4 here. */}
      <time
        dateTime={createdAt || undefined}
        className="text-xs text-muted-foreground"
        suppressHydrationWarning
      >
        {timeAgo(createdAt)}
      </time>
      {children}
    </div>
  );
}
