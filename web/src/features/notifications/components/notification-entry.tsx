import type { Notification, NotificationKind } from '@contract/notifications';
import { UserAvatar } from '@web/components/ui/avatar';
import { cn } from '@web/lib/cn';
import { timeAgo } from '@web/lib/format';
import { Award, Bell, CalendarClock, Shield } from 'lucide-react';

/** The picture of an entry the site itself wrote (a reminder, a badge): its area's icon. */
function kindIcon(kind: NotificationKind) {
  if (kind.startsWith('event-')) return CalendarClock;
  if (kind.startsWith('team-')) return Shield;
  if (kind === 'badge-earned') return Award;
  return Bell;
}

/** The picture is decoration: the sentence names the actor. */
function EntryPicture({ entry }: { entry: Notification }) {
  const actor = entry.actors[0];
  if (actor)
    return (
      <span aria-hidden="true" className="contents">
        <UserAvatar
          username={actor.username}
          src={actor.avatar}
          media={entry.media}
          className="size-9"
          fallbackClassName="text-xs"
        />
      </span>
    );
  const Icon = kindIcon(entry.kind);
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-[color-mix(in_oklab,var(--primary)_12%,var(--card))] text-primary"
    >
      <Icon className="size-4 text-primary!" aria-hidden="true" />
    </span>
  );
}

/**
 * What a link or button holding an entry is called: "Unread: " for an unread one, the sentence, the
 * excerpt and the time, in the order they are seen.
 */
export function entryLabel(entry: Notification): string {
  const parts = [entry.read ? entry.text : `Unread: ${entry.text}`];
  if (entry.excerpt) parts.push(entry.excerpt);
  parts.push(timeAgo(entry.createdAt));
  return parts.join('. ').replace(/([.!?])\. /g, '$1 ');
}

/**
 * One entry as the bell menu and the page show it: the latest actor's avatar (or the area's icon),
 * the server's sentence, the excerpt (one line in the menu, two on the page), the relative time, and
 * for an unread entry a dot and stronger text (its holder's label, `entryLabel`, says "Unread").
 */
export function NotificationEntry({ entry, compact = false }: { entry: Notification; compact?: boolean }) {
  return (
    <span className="flex w-full min-w-0 items-start gap-3 text-left">
      <EntryPicture entry={entry} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span
          className={cn(
            'text-sm leading-snug break-words',
            entry.read ? 'text-foreground/85' : 'font-semibold text-foreground',
          )}
        >
          {entry.text}
        </span>
        {entry.excerpt ? (
          <span
            className={cn('text-xs text-muted-foreground', compact ? 'truncate' : 'line-clamp-2 break-words')}
          >
            {entry.excerpt}
          </span>
        ) : null}
        <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
          {timeAgo(entry.createdAt)}
        </time>
      </span>
      <span
        className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', entry.read ? 'bg-transparent' : 'bg-primary')}
        data-testid={entry.read ? undefined : 'unread-dot'}
        aria-hidden="true"
      />
    </span>
  );
}
