import { REPORT_SUBJECT_LABELS, REPORT_TEXTS, type ReportSubjectType } from '@contract/reports';
import { Button } from '@web/components/ui/button';
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
 * A "Report" button and its dialog, shown only when the answer says the viewer may report the
 * subject (`canReport`, decided by the server's reports policy: signed in, not suspended, not its
 * author, not a member of the team). Nothing of that rule is worked out here.
 */
export function ReportButton({
  subjectType,
  subjectId,
  canReport,
  variant = 'icon',
  className,
}: ReportTarget & { canReport: boolean; variant?: 'icon' | 'text'; className?: string }) {
  const [open, setOpen] = useState(false);
  if (!canReport) return null;
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
