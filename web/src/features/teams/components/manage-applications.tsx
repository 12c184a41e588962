import { TEAM_TEXTS } from '@contract/teams';
import type { UseQueryResult } from '@tanstack/react-query';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { timeAgo } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { Check, X } from 'lucide-react';
import { useRespondToApplication } from '../api/applications';
import type { TeamApplication } from '../types';

const T = TEAM_TEXTS;

/** The Applications tab: pending applications with Accept and Decline (leader and co-leaders). */
export function ManageApplications({
  teamId,
  applications,
}: {
  teamId: string;
  applications: UseQueryResult<TeamApplication[]>;
}) {
  const respond = useRespondToApplication(teamId);
  if (applications.isPending)
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-20 w-full" />
      </div>
    );
  if (applications.isError) return <p className="text-destructive">{T.fetchApplicationsFailed}</p>;
  if (applications.data.length === 0) return <p className="text-muted-foreground">{T.noApplications}</p>;
  return (
    <ul className="space-y-2" aria-label={T.applicationsTab}>
      {applications.data.map((application) => {
        const busy = respond.isPending && respond.variables?.applicationId === application.id;
        const answer = (accept: boolean) =>
          respond.mutate(
            { applicationId: application.id, accept },
            {
              onSuccess: () => toast({ title: accept ? T.applicationAccepted : T.applicationDeclinedToast }),
            },
          );
        return (
          <li key={application.id}>
            <Card className="flex flex-wrap items-start gap-3 p-4">
              <UserAvatar
                username={application.username}
                src={application.avatar}
                media={application.media}
              />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-medium">
                  {application.username}{' '}
                  <span className="text-xs font-normal text-muted-foreground">
                    {timeAgo(application.createdAt)}
                  </span>
                </p>
                <p className="text-sm whitespace-pre-line break-words">{application.message}</p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  disabled={busy}
                  aria-label={`${T.accept} ${application.username}`}
                  onClick={() => answer(true)}
                >
                  <Check aria-hidden="true" />
                  {T.accept}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  aria-label={`${T.decline} ${application.username}`}
                  onClick={() => answer(false)}
                >
                  <X aria-hidden="true" />
                  {T.decline}
                </Button>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
