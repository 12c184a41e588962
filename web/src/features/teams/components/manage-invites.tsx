import { SEARCH_MIN_LENGTH } from '@contract/search';
import { TEAM_TEXTS } from '@contract/teams';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { SEARCH_DEBOUNCE_MS } from '@web/lib/constants';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Search, Send, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useRevokeInvite, useSendInvite, useTeamInvites, useUserSearch } from '../api/invites';

const T = TEAM_TEXTS;

/**
 * The Invites tab: a player search (from 2 characters, 300 ms after typing stops; SPEC §5) with
 * Invite beside each player, then the pending invitations with Revoke.
 */
export function ManageInvites({ teamId }: { teamId: string }) {
  const ids = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useUserSearch(query);
  const invites = useTeamInvites(teamId);
  const send = useSendInvite(teamId);
  const revoke = useRevokeInvite(teamId);
  const invitedIds = new Set((invites.data ?? []).map((i) => i.userId));
  const searching = query.length >= SEARCH_MIN_LENGTH;

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-q`}>{T.inviteSearchLabel}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={`${ids}-q`}
              type="search"
              className="pl-9"
              autoComplete="off"
              placeholder={T.inviteSearchPlaceholder}
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
        </div>
        {!searching ? (
          <p className="text-sm text-muted-foreground">{T.inviteSearchHint}</p>
        ) : results.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : results.isError ? (
          <p className="text-sm text-destructive">{T.searchFailed}</p>
        ) : results.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noPlayers}</p>
        ) : (
          <ul className="space-y-2" aria-label={T.playersFound}>
            {results.data.map((user) => {
              const already = invitedIds.has(user.id);
              return (
                <li key={user.id}>
                  <Card className="flex items-center gap-3 p-3">
                    <UserAvatar username={user.username} />
                    <span className="min-w-0 flex-1 truncate font-medium">{user.username}</span>
                    <Button
                      size="sm"
                      disabled={already || (send.isPending && send.variables === user.id)}
                      aria-label={`${T.invite} ${user.username}`}
                      onClick={() =>
                        send.mutate(user.id, { onSuccess: () => toast({ title: T.inviteSent }) })
                      }
                    >
                      <Send aria-hidden="true" />
                      {already ? T.inviteSent : T.invite}
                    </Button>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <section className="space-y-3" aria-labelledby={`${ids}-pending`}>
        <h2 id={`${ids}-pending`} className="text-lg font-semibold">
          {T.pendingInvites}
        </h2>
        {invites.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : invites.isError ? (
          <p className="text-sm text-destructive">{T.fetchInvitesFailed}</p>
        ) : invites.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noPendingInvites}</p>
        ) : (
          <ul className="space-y-2" aria-label={T.pendingInvites}>
            {invites.data.map((invite) => (
              <li key={invite.id}>
                <Card className="flex items-center gap-3 p-3">
                  <UserAvatar username={invite.username} src={invite.avatar} media={invite.media} />
                  <span className="min-w-0 flex-1 truncate font-medium">{invite.username}</span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={revoke.isPending && revoke.variables === invite.id}
                    aria-label={`${T.revoke} ${invite.username}`}
                    onClick={() => revoke.mutate(invite.id, { onSuccess: () => toast({ title: T.revoked }) })}
                  >
                    <X aria-hidden="true" />
                    {T.revoke}
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
