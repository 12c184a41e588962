import { TEAM_TEXTS } from '@contract/teams';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/lazy-confirm-dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { UserMinus } from 'lucide-react';
import { useTeamMembers } from '../api/get-team';
import { useChangeRole, useRemoveMember } from '../api/membership';
import type { Team, TeamMember } from '../types';
import { NativeSelect } from './select';

const T = TEAM_TEXTS;

/**
 * The Members tab: every member with their role. The leader switches members between member and
 * co-leader; co-leaders see the roles read-only. Remove shows where the answer allows it.
 */
export function ManageMembers({ team }: { team: Team }) {
  const members = useTeamMembers(team.id);
  const changeRole = useChangeRole(team.id);
  const remove = useRemoveMember(team.id);
  if (members.isPending)
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (members.isError) return <p className="text-destructive">{T.fetchMembersFailed}</p>;
  return (
    <ul className="space-y-2" aria-label={T.membersSection}>
      {members.data.map((member) => (
        <li key={member.userId}>
          <MemberRow
            member={member}
            busy={
              (changeRole.isPending && changeRole.variables?.userId === member.userId) ||
              (remove.isPending && remove.variables === member.userId)
            }
            onRole={(role) =>
              changeRole.mutate(
                { userId: member.userId, role },
                { onSuccess: () => toast({ title: T.roleChanged }) },
              )
            }
            onRemove={() =>
              remove.mutate(member.userId, { onSuccess: () => toast({ title: T.memberRemoved }) })
            }
          />
        </li>
      ))}
    </ul>
  );
}

function MemberRow({
  member,
  busy,
  onRole,
  onRemove,
}: {
  member: TeamMember;
  busy: boolean;
  onRole: (role: 'member' | 'co-leader') => void;
  onRemove: () => void;
}) {
  const roleLabel = T.roleLabels[member.role] ?? member.role;
  return (
    <Card className="flex flex-wrap items-center gap-3 p-3">
      <UserAvatar username={member.username} src={member.avatar} media={member.media} />
      <span className="min-w-0 flex-1 truncate font-medium">{member.username}</span>
      {member.canChangeRole && member.role !== 'leader' ? (
        <NativeSelect
          aria-label={T.roleOf(member.username)}
          className="w-36"
          value={member.role}
          disabled={busy}
          onChange={(e) => onRole(e.target.value as 'member' | 'co-leader')}
        >
          <option value="member">{T.roleLabels.member}</option>
          <option value="co-leader">{T.roleLabels['co-leader']}</option>
        </NativeSelect>
      ) : (
        <span
          className="rounded-full border border-border px-2.5 py-0.5 text-xs font-medium"
          data-testid="role"
        >
          {roleLabel}
        </span>
      )}
      {member.canRemove ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" disabled={busy} aria-label={`${T.remove} ${member.username}`}>
              <UserMinus aria-hidden="true" />
              {T.remove}
            </Button>
          }
          title={T.removeTitle(member.username)}
          description={T.removeDescription}
          confirmLabel={T.remove}
          onConfirm={onRemove}
        />
      ) : null}
    </Card>
  );
}
