import { REPORT_SUBJECT_LABELS, REPORT_TEXTS, type ReportSubjectType } from '@contract/reports';
import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

/** The dialog's code loads on the first press (it is on every post card of the first screen). */
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

export interface ReportTarget {
  subjectType: ReportSubjectType;
  subjectId: string;
}

/**
 * A "Report" button and its dialog, for a signed-in player who is not the author (`authorId`).
 * The server decides (a report of one's own content is refused); this only hides a button that
 * could not work.
 */
export function ReportButton({
  subjectType,
  subjectId,
  authorId,
  variant = 'icon',
  className,
}: ReportTarget & { authorId?: string | null; variant?: 'icon' | 'text'; className?: string }) {
  const { user } = useUser();
  const [open, setOpen] = useState(false);
  if (!user || (authorId && authorId === user.id)) return null;
  const label = `Report this ${REPORT_SUBJECT_LABELS[subjectType].toLowerCase()}`;
  return (
    <>
      {variant === 'icon' ? (
        <Button
          variant="ghost"
          size="icon"
          className={cn('shrink-0 text-muted-foreground', className)}
          aria-label={label}
          title={REPORT_TEXTS.report}
          onClick={() => setOpen(true)}
        >
          <Flag aria-hidden="true" />
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className={cn('text-muted-foreground', className)}
          aria-label={label}
          onClick={() => setOpen(true)}
        >
          <Flag aria-hidden="true" />
          {REPORT_TEXTS.report}
        </Button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} subjectType={subjectType} subjectId={subjectId} />
        </Suspense>
      ) : null}
    </>
  );
}
