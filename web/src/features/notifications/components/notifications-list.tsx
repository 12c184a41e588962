import { NOTIFICATION_TEXTS, type Notification } from '@contract/notifications';
import { FEED_TEXTS } from '@contract/posts';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { BellOff, CheckCheck, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { useNotificationsList, useUnreadCount } from '../api/get-notifications';
import { markAllBody, useMarkRead } from '../api/mark-read';
import { entryLabel, NotificationEntry } from './notification-entry';

const T = NOTIFICATION_TEXTS;
const TRY_AGAIN = FEED_TEXTS.tryAgain;

function ListSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={T.loading}
      className="divide-y divide-border rounded-xl border border-border bg-card"
    >
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-start gap-3 p-4">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** "Mark all as read", for the page's title row: shown while something is unread. */
export function MarkAllReadButton() {
  const list = useNotificationsList();
  const count = useUnreadCount();
  const markRead = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (count === 0 && !items.some((n) => !n.read)) return null;
  return (
    <Button
      variant="outline"
      className="min-h-11"
      disabled={markRead.isPending}
      onClick={() => markRead.mutate(markAllBody(items))}
    >
      <CheckCheck aria-hidden="true" />
      {T.markAllRead}
    </Button>
  );
}

/**
 * /notifications: every entry, newest first, 20 at a time with Load more (the server's
 * `nextCursor`), with loading, empty and error states. Opening an entry marks it read and goes to
 * its page; an entry whose subject is gone is no link (an unread one is a button that marks it read).
 */
export function NotificationsList() {
  const list = useNotificationsList();
  const markRead = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  if (list.isPending) return <ListSkeleton />;
  if (!list.data)
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-border p-8 text-center">
        <p role="alert" className="text-sm text-destructive">
          {T.fetchFailed}
        </p>
        <Button
          variant="outline"
          className="min-h-11"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
        >
          <RotateCw className={list.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          {TRY_AGAIN}
        </Button>
      </div>
    );
  if (items.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
        <BellOff className="size-8 text-primary" aria-hidden="true" />
        <p className="font-medium text-foreground">{T.empty}</p>
      </div>
    );
  const open = (entry: Notification) => {
    if (!entry.read) markRead.mutate({ id: entry.id });
  };
  return (
    <div className="space-y-4">
      <ul
        aria-label={T.title}
        className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card"
      >
        {items.map((entry) => (
          <li key={entry.id} className={cn(!entry.read && 'bg-primary/5')}>
            <PageEntry entry={entry} onOpen={() => open(entry)} />
          </li>
        ))}
      </ul>
      <div className="flex min-h-12 items-center justify-center py-2">
        {list.isFetchingNextPage ? (
          <Spinner label={T.loading} className="text-primary" />
        ) : list.isFetchNextPageError ? (
          <Button variant="outline" className="min-h-11" onClick={() => void list.fetchNextPage()}>
            <RotateCw aria-hidden="true" />
            {TRY_AGAIN}
          </Button>
        ) : list.hasNextPage ? (
          <Button variant="outline" className="min-h-11" onClick={() => void list.fetchNextPage()}>
            {T.loadMore}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

const rowClass =
  'flex w-full min-h-11 px-4 py-3 outline-none transition-colors focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring';

function PageEntry({ entry, onOpen }: { entry: Notification; onOpen: () => void }) {
  if (entry.url)
    return (
      <Link
        to={entry.url}
        onClick={onOpen}
        aria-label={entryLabel(entry)}
        className={cn(rowClass, 'hover:bg-accent/60')}
      >
        <NotificationEntry entry={entry} />
      </Link>
    );
  if (!entry.read)
    return (
      <button
        type="button"
        onClick={onOpen}
        aria-label={entryLabel(entry)}
        className={cn(rowClass, 'hover:bg-accent/60')}
      >
        <NotificationEntry entry={entry} />
      </button>
    );
  return (
    <div className={rowClass}>
      <NotificationEntry entry={entry} />
    </div>
  );
}
