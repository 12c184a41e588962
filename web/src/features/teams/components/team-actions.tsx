import { TEAM_TEXTS } from '@contract/teams';
import { ReportButton } from '@web/components/report-button';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { ConfirmDialog } from '@web/components/ui/lazy-confirm-dialog';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/lib/toast';
import { Check, Clock, LogOut, Settings, UserPlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useRespondToInvite } from '../api/invites';
import { useApplyToTeam, useLeaveTeam } from '../api/membership';
import type { Team } from '../types';

const T = TEAM_TEXTS;

/**
 * What the viewer can do on a team page: Manage (leader and co-leaders), the invitation they hold
 * (Accept, Decline), their application's state ('pending', 'declined' with Apply again), Apply to
 * Join and Leave Team; each shown only when the answer's abilities allow it.
 */
export function TeamActions({ team }: { team: Team }) {
  const can = team.abilities;
  const application = team.viewerApplication ?? null;
  const invite = team.viewerInvite ?? null;
  const declined =
    application !== null && application.status !== 'pending' && application.status !== 'accepted';
  const pending = application?.status === 'pending';
  return (
    <>
      {can.canManage ? (
        <Button asChild variant="outline">
          <Link to={`/teams/${team.id}/manage`}>
            <Settings aria-hidden="true" />
            {T.manageTeam}
          </Link>
        </Button>
      ) : null}
      {invite ? <InviteActions inviteId={invite.id} /> : null}
      <ReportButton
        subjectType="team"
        subjectId={team.id}
        canReport={can.canReport}
        variant="text"
        className="min-h-11"
      />
      {pending ? (
        <p
          className="inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-2 text-sm"
          role="status"
        >
          <Clock className="size-4 text-primary" aria-hidden="true" />
          {T.applicationPending}
        </p>
      ) : null}
      {declined ? (
        <p
          className="inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-2 text-sm"
          role="status"
        >
          <X className="size-4 text-destructive" aria-hidden="true" />
          {T.applicationDeclined}
        </p>
      ) : null}
      {can.canApply ? <ApplyButton team={team} label={declined ? T.applyAgain : T.applyToJoin} /> : null}
      {can.canLeave ? <LeaveButton team={team} /> : null}
    </>
  );
}

function InviteActions({ inviteId }: { inviteId: string }) {
  const respond = useRespondToInvite();
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-primary/50 px-3 py-1.5">
      <span className="text-sm">{T.invitedToTeam}</span>
      <Button
        size="sm"
        disabled={respond.isPending}
        onClick={() =>
          respond.mutate({ inviteId, accept: true }, { onSuccess: () => toast({ title: T.inviteAccepted }) })
        }
      >
        <Check aria-hidden="true" />
        {T.accept}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={respond.isPending}
        onClick={() =>
          respond.mutate({ inviteId, accept: false }, { onSuccess: () => toast({ title: T.inviteDeclined }) })
        }
      >
        <X aria-hidden="true" />
        {T.decline}
      </Button>
    </div>
  );
}

/** Apply to Join: a dialog with a message, the default sentence already typed. */
function ApplyButton({ team, label }: { team: Team; label: string }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string>(T.defaultApplication);
  const apply = useApplyToTeam(team.id);
  const submit = () =>
    apply.mutate(message.trim() || T.defaultApplication, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: T.applied });
      },
    });
  return (
    <>
      <Button
        onClick={() => {
          setMessage(T.defaultApplication);
          setOpen(true);
        }}
      >
        <UserPlus aria-hidden="true" />
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{T.applyToJoin}</DialogTitle>
            <DialogDescription>{T.applyDescription(team.name)}</DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-message`}>{T.applicationMessage}</Label>
              <Textarea
                id={`${ids}-message`}
                rows={4}
                maxLength={1000}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {T.cancel}
              </Button>
              <Button type="submit" disabled={apply.isPending}>
                {apply.isPending ? T.sending : T.sendApplication}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

function LeaveButton({ team }: { team: Team }) {
  const leave = useLeaveTeam(team.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={leave.isPending}>
          <LogOut aria-hidden="true" />
          {T.leaveTeam}
        </Button>
      }
      title={T.leaveTitle}
      description={T.leaveDescription(team.name)}
      confirmLabel={T.leaveTeam}
      onConfirm={() => leave.mutate(undefined, { onSuccess: () => toast({ title: T.left }) })}
    />
  );
}
