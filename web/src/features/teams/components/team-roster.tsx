import { TEAM_TEXTS } from '@contract/teams';
import { UserAvatar } from '@web/components/ui/avatar';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Crown, Shield, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTeamMembers } from '../api/get-team';
import type { TeamMember } from '../types';

const T = TEAM_TEXTS;

/** The roster tab (SPEC §2): sections Team Leader, Co-Leaders and Members. */
export function TeamRoster({ teamId }: { teamId: string }) {
  const members = useTeamMembers(teamId);
  if (members.isPending)
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (members.isError) return <p className="text-destructive">{T.fetchMembersFailed}</p>;
  const leaders = members.data.filter((m) => m.role === 'leader');
  const coLeaders = members.data.filter((m) => m.role === 'co-leader');
  const plain = members.data.filter((m) => m.role === 'member');
  return (
    <div className="space-y-6">
      <RosterSection
        title={T.leaderSection}
        icon={<Crown className="size-5 text-primary" aria-hidden="true" />}
      >
        {leaders}
      </RosterSection>
      <RosterSection
        title={T.coLeadersSection}
        icon={<Shield className="size-5 text-primary" aria-hidden="true" />}
        empty={T.noCoLeaders}
      >
        {coLeaders}
      </RosterSection>
      <RosterSection
        title={T.membersSection}
        icon={<User className="size-5 text-primary" aria-hidden="true" />}
        empty={T.noMembers}
      >
        {plain}
      </RosterSection>
    </div>
  );
}

function RosterSection({
  title,
  icon,
  empty,
  children,
}: {
  title: string;
  icon: ReactNode;
  empty?: string;
  children: TeamMember[];
}) {
  const id = `roster-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
        <span className="text-sm font-normal text-muted-foreground">({children.length})</span>
      </h2>
      {children.length === 0 ? (
        empty ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : null
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {children.map((member) => (
            <li key={member.userId}>
              <MemberCard member={member} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberCard({ member }: { member: TeamMember }) {
  return (
    <Card className="flex items-center gap-3 p-3">
      <UserAvatar username={member.username} src={member.avatar} media={member.media} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/profile/${encodeURIComponent(member.username)}`}
          className="block truncate font-medium hover:underline"
        >
          {member.username}
        </Link>
        <span className="block text-xs text-muted-foreground">
          {T.roleLabels[member.role] ?? member.role}
        </span>
      </div>
    </Card>
  );
}
