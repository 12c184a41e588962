import { BADGE_TEXTS, type BadgeProgress, type EarnedBadge, rarityLabel } from '@contract/badges';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { format } from 'date-fns';
import { Award } from 'lucide-react';
import { useUserBadges } from '../api/get-user-badges';
import { BadgeIcon } from './badge-icon';

const earnedDate = (at: string) => format(new Date(at), 'MMM d, yyyy');

function EarnedItem({ badge }: { badge: EarnedBadge }) {
  return (
    <li className="flex items-start gap-3 rounded-lg border border-border p-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
        <BadgeIcon name={badge.icon} className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{badge.name}</span>
        <span className="block text-xs text-muted-foreground">{badge.description}</span>
        <span className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <time dateTime={badge.awardedAt}>{earnedDate(badge.awardedAt)}</time>
          <span aria-hidden="true">·</span>
          <span>{rarityLabel(badge.rarity)}</span>
        </span>
      </span>
    </li>
  );
}

function ProgressItem({ next }: { next: BadgeProgress }) {
  const pct = Math.min(100, Math.round((next.current / next.target) * 100));
  return (
    <li className="space-y-1.5">
      <div className="flex items-center gap-2 text-sm">
        <BadgeIcon name={next.icon} className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1 truncate font-medium">{next.name}</span>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {next.current} / {next.target}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={next.name}
        aria-valuemin={0}
        aria-valuemax={next.target}
        aria-valuenow={next.current}
        aria-valuetext={`${next.current} of ${next.target}: ${next.description}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </li>
  );
}

/** A player's badges on their profile: icon, name, date and rarity, then the progress toward the next ones. */
export function ProfileBadges({ userId }: { userId: string }) {
  const badges = useUserBadges(userId);
  return (
    <Card data-testid="profile-badges">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{BADGE_TEXTS.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {badges.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : badges.isError ? (
          <p className="text-sm text-destructive">{BADGE_TEXTS.fetchFailed}</p>
        ) : (
          <>
            {badges.data.earned.length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border p-4 text-center">
                <Award className="size-8 text-muted-foreground" aria-hidden="true" />
                <p className="text-sm font-medium">{BADGE_TEXTS.noBadges}</p>
                <p className="text-xs text-muted-foreground">{BADGE_TEXTS.noBadgesHint}</p>
              </div>
            ) : (
              <ul className="space-y-2" aria-label="Earned badges">
                {badges.data.earned.map((b) => (
                  <EarnedItem key={b.id} badge={b} />
                ))}
              </ul>
            )}
            {badges.data.progress.length > 0 ? (
              <section aria-labelledby={`next-badges-${userId}`} className="space-y-3">
                <h3 id={`next-badges-${userId}`} className="text-sm font-semibold">
                  {BADGE_TEXTS.nextTitle}
                </h3>
                <ul className="space-y-3">
                  {badges.data.progress.map((p) => (
                    <ProgressItem key={p.id} next={p} />
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
