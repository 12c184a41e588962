import { AUDIT_ACTIONS, AUDIT_TEXTS, REPORT_TEXTS } from '@contract/reports';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useId, useState } from 'react';
import { useAdmins } from '../api/admin-users';
import { useAuditLog } from '../api/reports';

const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The audit log (issue 24): every admin action, and organisers' event writes (issue 25), newest
 * first, each with its actor; filtered by admin and action; Load more.
 */
export function AuditLog({ pageSize }: { pageSize?: number }) {
  const ids = useId();
  const [adminId, setAdminId] = useState('');
  const [action, setAction] = useState('');
  const admins = useAdmins();
  const log = useAuditLog({ adminId: adminId || undefined, action: action || undefined }, pageSize);
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${ids}-admin`}>{AUDIT_TEXTS.actor}</Label>
          <select
            id={`${ids}-admin`}
            className={selectClass}
            value={adminId}
            onChange={(e) => setAdminId(e.target.value)}
          >
            <option value="">{AUDIT_TEXTS.everyone}</option>
            {(admins.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.username}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${ids}-action`}>{AUDIT_TEXTS.action}</Label>
          <select
            id={`${ids}-action`}
            className={selectClass}
            value={action}
            onChange={(e) => setAction(e.target.value)}
          >
            <option value="">{AUDIT_TEXTS.everyAction}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
      </div>
      {log.isPending ? (
        <div className="space-y-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : log.isError ? (
        <p className="text-sm text-destructive">{REPORT_TEXTS.fetchAuditFailed}</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {REPORT_TEXTS.noAuditEntries}
        </p>
      ) : (
        <ol
          className="divide-y divide-border rounded-xl border border-border"
          aria-label={REPORT_TEXTS.auditLog}
        >
          {items.map((e) => (
            <li key={e.id} className="space-y-0.5 p-3 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{e.action}</span>
                <span className="text-muted-foreground">{AUDIT_TEXTS.by(e.adminUsername)}</span>
                <time dateTime={e.createdAt} className="text-xs text-muted-foreground">
                  {new Date(e.createdAt).toUTCString()}
                </time>
              </p>
              {e.subjectType ? (
                <p className="text-xs break-all text-muted-foreground">
                  {e.subjectType} {e.subjectId}
                </p>
              ) : null}
              {e.note ? <p className="break-words">{e.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            className="min-h-11"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
