import { NOTIFICATION_TEXTS, type Notification } from '@contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { Bell, CheckCheck, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { menuQueryOptions, useMenuNotifications, useUnreadCount } from '../api/get-notifications';
import { markAllBody, useMarkRead } from '../api/mark-read';
import { useCountInTitle } from '../document-title';
import { badgeText } from '../format';
import { useNotificationStream } from '../live';
import { entryLabel, NotificationEntry } from './notification-entry';

const T = NOTIFICATION_TEXTS;

/**
 * The header's bell (signed in only): the unread count as a badge ('99+' above 99) and in the
 * document's title, kept live by the tab's stream; its menu, titled Notifications, lists the
 * latest ten ('No new notifications' when there are none, SPEC §2), with Mark all as read and a
 * link to /notifications. Opening an entry marks it read and goes to its page; an entry whose
 * subject is gone is no link.
 */
export function NotificationBell() {
  const count = useUnreadCount();
  const client = useQueryClient();
  useNotificationStream();
  useCountInTitle(count);
  const prefetch = () => void client.prefetchQuery(menuQueryOptions);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          onPointerEnter={prefetch}
          onFocus={prefetch}
          aria-label={count > 0 ? `${T.title}, ${badgeText(count)} unread` : T.title}
        >
          <Bell aria-hidden="true" />
          {count > 0 ? (
            <span
              data-testid="unread-badge"
              aria-hidden="true"
              className="absolute top-1 left-1/2 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 text-[0.6875rem] leading-none font-bold text-primary-foreground tabular-nums ring-2 ring-background"
            >
              {badgeText(count)}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-[min(24rem,calc(100vw-1rem))] p-0" collisionPadding={8}>
        <MenuBody />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MenuBody() {
  const menu = useMenuNotifications();
  const count = useUnreadCount();
  const markRead = useMarkRead();
  const items = menu.data?.items ?? [];
  const unread = count > 0 || items.some((n) => !n.read);
  return (
    <>
      <DropdownMenuLabel className="px-3 py-2.5 text-base">{T.title}</DropdownMenuLabel>
      <DropdownMenuSeparator className="mx-0 my-0" />
      {/* Scrolls on a short screen; focusable, so that it scrolls by keyboard too (axe: scrollable-region-focusable). */}
      <DropdownMenuGroup
        aria-label="Latest notifications"
        tabIndex={0}
        className="max-h-[min(28rem,calc(100dvh-12rem))] overflow-y-auto p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        {menu.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={T.loading} className="text-primary" />
          </div>
        ) : !menu.data ? (
          <p role="alert" className="px-3 py-6 text-center text-sm text-destructive">
            {T.fetchFailed}
          </p>
        ) : items.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">{T.empty}</p>
        ) : (
          items.map((entry) => (
            <MenuEntry
              key={entry.id}
              entry={entry}
              onOpen={() => {
                if (!entry.read) markRead.mutate({ id: entry.id });
              }}
            />
          ))
        )}
      </DropdownMenuGroup>
      <DropdownMenuSeparator className="mx-0 my-0" />
      <div className="flex flex-col p-1">
        {unread ? (
          <DropdownMenuItem
            className="min-h-11"
            disabled={markRead.isPending}
            onSelect={(event) => {
              event.preventDefault();
              markRead.mutate(markAllBody(items));
            }}
          >
            <CheckCheck aria-hidden="true" />
            {T.markAllRead}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild className="min-h-11">
          <Link to="/notifications">
            <ListChecks aria-hidden="true" />
            {T.viewAll}
          </Link>
        </DropdownMenuItem>
      </div>
    </>
  );
}

const entryClass = (entry: Notification) =>
  cn('min-h-11 items-start px-2 py-2.5', !entry.read && 'bg-primary/5');

function MenuEntry({ entry, onOpen }: { entry: Notification; onOpen: () => void }) {
  if (entry.url)
    return (
      <DropdownMenuItem asChild className={entryClass(entry)} onSelect={onOpen}>
        <Link to={entry.url} aria-label={entryLabel(entry)}>
          <NotificationEntry entry={entry} compact />
        </Link>
      </DropdownMenuItem>
    );
  // Its subject is gone: the sentence says so; choosing it only marks it read.
  return (
    <DropdownMenuItem
      className={entryClass(entry)}
      aria-label={entryLabel(entry)}
      onSelect={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      <NotificationEntry entry={entry} compact />
    </DropdownMenuItem>
  );
}
