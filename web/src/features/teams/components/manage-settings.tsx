import { TEAM_TEXTS } from '@contract/teams';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { ConfirmDialog } from '@web/components/ui/lazy-confirm-dialog';
import { toast } from '@web/lib/toast';
import { Crown, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useUpdateTeam } from '../api/create-team';
import { useTeamMembers } from '../api/get-team';
import { useDisbandTeam, useTransferLeadership } from '../api/membership';
import type { Team } from '../types';
import { NativeSelect } from './select';
import { TeamForm, teamFormBody, teamFormValues, teamServerErrors } from './team-form';

const T = TEAM_TEXTS;

/**
 * The Settings tab: the team form (the leader edits), transfer of leadership to a co-leader and
 * disbanding, each behind the answer's abilities. `onDisbanded` leaves the page.
 */
export function ManageSettings({ team, onDisbanded }: { team: Team; onDisbanded: () => void }) {
  const can = team.abilities;
  const update = useUpdateTeam(team.id);
  return (
    <div className="space-y-6">
      {can.canEdit ? (
        <Card>
          <CardHeader>
            <CardTitle>{T.settingsTab}</CardTitle>
          </CardHeader>
          <CardContent>
            <TeamForm
              key={team.id}
              initial={teamFormValues(team)}
              submitLabel={T.save}
              pendingLabel={T.saving}
              pending={update.isPending}
              onSubmit={(values, setError) =>
                update.mutate(teamFormBody(values), {
                  onSuccess: () => toast({ title: T.updated }),
                  onError: teamServerErrors(setError),
                })
              }
            />
          </CardContent>
        </Card>
      ) : (
        <p className="text-sm text-muted-foreground">{T.noPermissionTeam}</p>
      )}
      {can.canTransfer ? <TransferCard team={team} /> : null}
      {can.canDisband ? <DisbandCard team={team} onDisbanded={onDisbanded} /> : null}
    </div>
  );
}

function TransferCard({ team }: { team: Team }) {
  const ids = useId();
  const members = useTeamMembers(team.id);
  const coLeaders = (members.data ?? []).filter((m) => m.role === 'co-leader');
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const transfer = useTransferLeadership(team.id);
  const target = coLeaders.find((m) => m.userId === chosen) ?? coLeaders[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.transferTitle}</CardTitle>
        <CardDescription>{T.transferDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {coLeaders.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.transferNoCoLeaders}</p>
        ) : (
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid min-w-48 flex-1 gap-2">
              <Label htmlFor={`${ids}-to`}>{T.transferTo}</Label>
              <NativeSelect
                id={`${ids}-to`}
                value={target?.userId ?? ''}
                onChange={(e) => setChosen(e.target.value)}
              >
                {coLeaders.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.username}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button
              variant="outline"
              disabled={transfer.isPending || !target}
              onClick={() => setConfirming(true)}
            >
              <Crown aria-hidden="true" />
              {T.transfer}
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={T.transferConfirmTitle}
              description={target ? T.transferConfirm(target.username) : ''}
              confirmLabel={T.transfer}
              onConfirm={() => {
                if (target)
                  transfer.mutate(target.userId, { onSuccess: () => toast({ title: T.transferred }) });
              }}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DisbandCard({ team, onDisbanded }: { team: Team; onDisbanded: () => void }) {
  const disband = useDisbandTeam(team.id);
  return (
    <Card className="border-destructive/60">
      <CardHeader>
        <CardTitle className="text-destructive">{T.disbandTitle}</CardTitle>
        <CardDescription>{T.disbandDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          trigger={
            <Button variant="destructive" disabled={disband.isPending}>
              <Trash2 aria-hidden="true" />
              {T.disband}
            </Button>
          }
          title={T.disbandConfirmTitle}
          description={T.disbandDescription}
          confirmLabel={T.disband}
          requireText={team.name}
          onConfirm={() =>
            disband.mutate(undefined, {
              onSuccess: () => {
                toast({ title: T.disbanded });
                onDisbanded();
              },
            })
          }
        />
      </CardContent>
    </Card>
  );
}
