import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_SUBJECT_LABELS,
  REPORT_TEXTS,
  type ReportAnswer,
  type ReportReason,
  type ReportSubjectType,
} from '@contract/reports';
import { useMutation } from '@tanstack/react-query';
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
import { Textarea } from '@web/components/ui/textarea';
import { apiRequest } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';

/** What is reported (its kind and id). */
interface ReportTarget {
  subjectType: ReportSubjectType;
  subjectId: string;
}

/** POST /api/reports → 201 with the thanks; 409 when this player's report is still open (its message toasts). */
export function sendReport(
  body: ReportTarget & { reason: ReportReason; note?: string },
): Promise<ReportAnswer> {
  return apiRequest<ReportAnswer>('POST', '/api/reports', body);
}

/**
 * The report dialog (issue 24): a reason, an optional note, Send. The reporter is thanked and told
 * nothing else; a refusal (a second open report: 409) toasts the server's message. Shared by every
 * feature that shows something a player may report (a post, a comment, a profile, a team, a gear
 * item, a team gallery image); it lives here because a feature imports no other.
 */
export function ReportDialog({
  open,
  onOpenChange,
  subjectType,
  subjectId,
}: ReportTarget & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const ids = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: sendReport,
    meta: { errorToast: { title: REPORT_TEXTS.reportTitle } },
    onSuccess: (answer) => {
      toast({ title: answer.message });
      onOpenChange(false);
      setReason(null);
      setNote('');
    },
  });
  const what = REPORT_SUBJECT_LABELS[subjectType].toLowerCase();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason || send.isPending) return;
    const trimmed = note.trim();
    send.mutate({ subjectType, subjectId, reason, ...(trimmed ? { note: trimmed } : {}) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{`Report this ${what}`}</DialogTitle>
          <DialogDescription>Admins will review it. You will not be told the outcome.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4">
          <fieldset className="space-y-1">
            <legend className="mb-2 text-sm font-medium">{REPORT_TEXTS.reasonLabel}</legend>
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 text-sm',
                  reason === r && 'border-primary bg-primary/10',
                )}
              >
                <input
                  type="radio"
                  name={`${ids}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-[var(--color-primary)]"
                />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor={`${ids}-note`}>{REPORT_TEXTS.noteLabel}</Label>
            <Textarea
              id={`${ids}-note`}
              value={note}
              maxLength={REPORT_NOTE_MAX}
              rows={3}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" className="min-h-11" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" className="min-h-11" disabled={!reason || send.isPending}>
              {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {REPORT_TEXTS.send}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
