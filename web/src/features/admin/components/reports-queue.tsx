import {
  REPORT_ACTION_LABELS,
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_SUBJECT_LABELS,
  REPORT_TEXTS,
  type ReportAction,
  type ReportQueueItem,
  type ReportStatus,
} from '@contract/reports';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { timeAgo } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useReportAction, useReports } from '../api/reports';

/** What an action's confirmation asks, with the suspension's length where it has one. */
type Pending = { item: ReportQueueItem; action: ReportAction; days?: 1 | 7 };

const ACTION_DONE: Record<ReportAction, string> = {
  dismiss: 'Reports dismissed',
  delete: 'Content deleted',
  warn: 'Warning sent',
  suspend: 'Player suspended',
  lift: 'Suspension lifted',
};

const suspendLabel = (days?: 1 | 7) =>
  days === 1 ? 'Suspend for 1 day' : days === 7 ? 'Suspend for 7 days' : 'Suspend until lifted';
const actionLabel = (p: Pending) =>
  p.action === 'suspend' ? suspendLabel(p.days) : REPORT_ACTION_LABELS[p.action];

/** The end of a suspension as the queue shows it. */
export const suspensionText = (until: string | null) =>
  until === null
    ? null
    : until === 'indefinite'
      ? 'Suspended until lifted'
      : `Suspended until ${new Date(until).toUTCString()}`;

/**
 * The review queue (issue 24): reports grouped by subject, most reported first; each shows the
 * content as it was reported, the reporters' reasons and notes, the author's history, and the
 * actions, each behind a confirmation with a note.
 */
export function ReportsQueue() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReports(status);
  const [pending, setPending] = useState<Pending | null>(null);

  return (
    <div className="space-y-4">
      <Tabs value={status} onValueChange={(v) => setStatus(v as ReportStatus)}>
        <TabsList aria-label="Report status">
          <TabsTrigger value="open" className="min-h-11">
            Open
          </TabsTrigger>
          <TabsTrigger value="closed" className="min-h-11">
            Closed
          </TabsTrigger>
        </TabsList>
        <TabsContent value={status} className="mt-4">
          {reports.isPending ? (
            <div className="space-y-3" aria-busy="true">
              {[0, 1].map((i) => (
                <Card key={i} className="space-y-2 p-4">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-10 w-2/3" />
                </Card>
              ))}
            </div>
          ) : reports.isError ? (
            <p className="text-sm text-destructive">{REPORT_TEXTS.fetchReportsFailed}</p>
          ) : reports.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
              {status === 'open' ? REPORT_TEXTS.noOpenReports : REPORT_TEXTS.noClosedReports}
            </p>
          ) : (
            <ul className="space-y-3" aria-label={REPORT_TEXTS.reports}>
              {reports.data.map((item) => (
                <li key={`${item.subjectType}:${item.subjectId}`}>
                  <QueueItem item={item} onAction={(action, days) => setPending({ item, action, days })} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
      {pending ? <ActionDialog pending={pending} onClose={() => setPending(null)} /> : null}
    </div>
  );
}

function QueueItem({
  item,
  onAction,
}: {
  item: ReportQueueItem;
  onAction: (action: ReportAction, days?: 1 | 7) => void;
}) {
  const what = REPORT_SUBJECT_LABELS[item.subjectType];
  const s = item.snapshot;
  const author = item.author;
  const suspended = author?.suspendedUntil ?? null;
  const open = item.status === 'open';
  return (
    <Card className="p-4">
      <article aria-label={`${what} reported ${item.reportCount} times`} className="space-y-3">
        <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="rounded bg-muted px-2 py-0.5 text-xs font-medium">{what}</span>
          <span className="font-semibold">
            {item.reportCount} {item.reportCount === 1 ? 'report' : 'reports'}
          </span>
          <span className="text-xs text-muted-foreground">last {timeAgo(item.lastReportedAt)}</span>
          {!item.subjectExists ? <span className="text-xs text-destructive">Deleted</span> : null}
        </header>
        <section aria-label="Content as reported" className="space-y-2 rounded-md border border-border p-3">
          {s.title ? <p className="font-medium break-words">{s.title}</p> : null}
          {s.text ? <p className="line-clamp-6 text-sm whitespace-pre-line break-words">{s.text}</p> : null}
          {s.images.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Images">
              {s.images.map((src, i) => (
                <li key={`${src}-${i}`}>
                  <RemoteImage
                    address={src}
                    media={item.media}
                    alt={`Image ${i + 1} as reported`}
                    loading="lazy"
                    className="size-16 rounded-md border border-border bg-muted object-cover"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-xs text-muted-foreground">
            By {s.authorUsername ?? 'a deleted account'}
            {item.subjectExists && s.url ? (
              <>
                {' · '}
                <Link to={s.url} className="underline underline-offset-2">
                  Open
                </Link>
              </>
            ) : null}
          </p>
        </section>
        <section aria-label="Reasons">
          <ul className="space-y-1 text-sm">
            {item.reports.map((r) => (
              <li key={r.id} className="break-words">
                <span className="font-medium">{REPORT_REASON_LABELS[r.reason]}</span>
                <span className="text-muted-foreground"> · {r.reporterUsername ?? 'a deleted account'}</span>
                {r.note ? <span className="block text-muted-foreground">“{r.note}”</span> : null}
              </li>
            ))}
          </ul>
        </section>
        {author ? (
          <section aria-label="Author's history" className="space-y-1 text-sm">
            <p>
              <span className="font-medium">{author.username ?? 'Author'}</span>:{' '}
              {author.earlierReports === 0
                ? 'no other reports'
                : `${author.earlierReports} other ${author.earlierReports === 1 ? 'report' : 'reports'}`}
              {suspended ? <span className="text-destructive"> · {suspensionText(suspended)}</span> : null}
            </p>
            {author.actions.length > 0 ? (
              <ul className="text-xs text-muted-foreground">
                {author.actions.map((a) => (
                  <li key={a.id}>
                    {a.action} by {a.adminUsername ?? 'an admin'}, {timeAgo(a.createdAt)}
                    {a.note ? `: ${a.note}` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {open ? (
            <Button variant="outline" className="min-h-11" onClick={() => onAction('dismiss')}>
              {REPORT_ACTION_LABELS.dismiss}
            </Button>
          ) : null}
          {item.subjectExists && item.subjectType !== 'user' ? (
            <Button variant="destructive" className="min-h-11" onClick={() => onAction('delete')}>
              {REPORT_ACTION_LABELS.delete}
            </Button>
          ) : null}
          {author ? (
            <>
              <Button variant="outline" className="min-h-11" onClick={() => onAction('warn')}>
                {REPORT_ACTION_LABELS.warn}
              </Button>
              {suspended ? (
                <Button variant="outline" className="min-h-11" onClick={() => onAction('lift')}>
                  {REPORT_ACTION_LABELS.lift}
                </Button>
              ) : (
                <>
                  <Button variant="outline" className="min-h-11" onClick={() => onAction('suspend', 1)}>
                    {suspendLabel(1)}
                  </Button>
                  <Button variant="outline" className="min-h-11" onClick={() => onAction('suspend', 7)}>
                    {suspendLabel(7)}
                  </Button>
                  <Button variant="outline" className="min-h-11" onClick={() => onAction('suspend')}>
                    {suspendLabel()}
                  </Button>
                </>
              )}
            </>
          ) : null}
        </div>
      </article>
    </Card>
  );
}

/** The confirmation of an action, with its note (required for a warning: the player reads it). */
function ActionDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const ids = useId();
  const [note, setNote] = useState('');
  const act = useReportAction();
  const label = actionLabel(pending);
  const needsNote = pending.action === 'warn';
  const trimmed = note.trim();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (act.isPending || (needsNote && !trimmed)) return;
    act.mutate(
      {
        id: pending.item.id,
        body: {
          action: pending.action,
          ...(pending.days ? { days: pending.days } : {}),
          ...(trimmed ? { note: trimmed } : {}),
        },
      },
      {
        onSuccess: () => {
          toast({ title: ACTION_DONE[pending.action] });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{`${label}?`}</DialogTitle>
          <DialogDescription>
            {pending.action === 'warn'
              ? 'The author gets a notification with your text.'
              : pending.action === 'suspend'
                ? 'The player can sign in and read, but cannot post, comment or change anything.'
                : pending.action === 'delete'
                  ? 'The content is removed for everyone. The report keeps a copy.'
                  : 'This is written to the audit log.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={`${ids}-note`}>
              {needsNote
                ? 'Warning text'
                : pending.action === 'suspend'
                  ? 'Reason (the player sees it)'
                  : 'Note (optional)'}
            </Label>
            <Textarea
              id={`${ids}-note`}
              value={note}
              rows={3}
              maxLength={REPORT_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" className="min-h-11" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              className="min-h-11"
              variant={
                pending.action === 'delete' || pending.action === 'suspend' ? 'destructive' : 'default'
              }
              disabled={act.isPending || (needsNote && !trimmed)}
            >
              {act.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
