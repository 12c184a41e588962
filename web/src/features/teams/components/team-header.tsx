import { TEAM_TEXTS } from '@contract/teams';
import { Card } from '@web/components/ui/card';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { format } from 'date-fns';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Team } from '../types';
import { PlayStyleBadge, RecruitingBadge } from './team-badges';
import { TeamLogo } from './team-logo';

const T = TEAM_TEXTS;

/** "March 2026" from the team's creation time. */
export function foundedText(createdAt: string): string | null {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? null : T.founded(format(date, 'MMMM yyyy'));
}

/**
 * The head of a team page (SPEC §2 /teams/{teamId}): banner, logo, name, tagline, location, play
 * style, founded month and year, member count and the recruiting badge; `actions` beside them.
 */
export function TeamHeader({ team, actions }: { team: Team; actions?: ReactNode }) {
  const founded = foundedText(team.createdAt);
  return (
    <Card className="overflow-hidden">
      <div
        className="relative h-36 sm:h-52"
        style={{
          backgroundColor: team.colorTheme && team.colorTheme !== '#000000' ? team.colorTheme : undefined,
        }}
      >
        <RemoteImage
          address={team.banner}
          media={team.media}
          alt=""
          sizes="(min-width: 64rem) 64rem, 100vw"
          className="size-full object-cover"
          fallback="team-banner"
        />
      </div>
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-end">
        <TeamLogo
          logo={team.logo}
          media={team.media}
          color={team.colorTheme}
          className="relative -mt-16 size-24 shrink-0 rounded-xl border-4 border-card bg-card"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{team.name}</h1>
            {team.tag ? <span className="text-sm text-muted-foreground">[{team.tag}]</span> : null}
          </div>
          {team.tagline ? <p className="text-muted-foreground break-words">{team.tagline}</p> : null}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            {team.location ? (
              <span className="inline-flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden="true" />
                {team.location}
              </span>
            ) : null}
            {founded ? (
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden="true" />
                {founded}
              </span>
            ) : null}
            <span className="inline-flex items-center gap-1.5" data-testid="member-count">
              <Users className="size-4" aria-hidden="true" />
              {T.members(team.memberCount)}
            </span>
          </div>
          <div className="flex flex-wrap gap-2">
            <PlayStyleBadge playStyle={team.playStyle} />
            {team.isRecruiting ? <RecruitingBadge /> : null}
          </div>
        </div>
        {actions ? <div className="flex flex-wrap gap-2 sm:justify-end">{actions}</div> : null}
      </div>
      {team.description ? (
        <p className="border-t border-border px-5 py-4 whitespace-pre-line break-words">{team.description}</p>
      ) : null}
    </Card>
  );
}

export function TeamHeaderSkeleton() {
  return (
    <Card className="overflow-hidden" aria-busy="true">
      <Skeleton className="h-36 w-full rounded-none sm:h-52" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </Card>
  );
}
