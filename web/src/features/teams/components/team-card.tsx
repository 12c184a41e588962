import { TEAM_TEXTS } from '@contract/teams';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { MapPin, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { Team } from '../types';
import { PlayStyleBadge, RecruitingBadge } from './team-badges';
import { TeamLogo } from './team-logo';

/** A directory card (SPEC §2 /teams): logo, name, tagline, location, play style, members, recruiting. */
export function TeamCard({ team }: { team: Team }) {
  return (
    <Card className="relative flex h-full flex-col gap-3 p-5 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/40">
      <div className="flex items-start gap-3">
        <TeamLogo
          logo={team.logo}
          media={team.media}
          color={team.colorTheme}
          className="size-14 shrink-0 rounded-lg"
        />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold leading-tight break-words">
            <Link to={`/teams/${team.id}`} className="outline-none after:absolute after:inset-0">
              {team.name}
            </Link>
          </h3>
          {team.tagline ? (
            <p className="mt-1 text-sm text-muted-foreground break-words">{team.tagline}</p>
          ) : null}
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        {team.location ? (
          <span className="inline-flex items-center gap-1.5">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {team.location}
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1.5">
          <Users className="size-4 shrink-0" aria-hidden="true" />
          {TEAM_TEXTS.members(team.memberCount)}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <PlayStyleBadge playStyle={team.playStyle} />
        {team.isRecruiting ? <RecruitingBadge /> : null}
      </div>
    </Card>
  );
}

export function TeamCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex gap-3">
        <Skeleton className="size-14 rounded-lg" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      </div>
      <Skeleton className="h-4 w-1/2" />
    </Card>
  );
}
