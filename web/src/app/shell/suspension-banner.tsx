import { suspensionMessage } from '@contract/reports';
import { useUser } from '@web/lib/auth';
import { Ban } from 'lucide-react';

/**
 * A suspended player is told why and until when on every page (issue 24): they can sign in and
 * read, and every write answers 403 with the same sentence.
 */
export function SuspensionBanner() {
  const { user } = useUser();
  const until = user?.suspendedUntil;
  if (!until) return null;
  const end = until === 'indefinite' ? 'indefinite' : new Date(until);
  return (
    <div
      role="status"
      className="flex items-start gap-2 border-b border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-foreground"
    >
      <Ban className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p className="break-words">
        {suspensionMessage(end, user?.suspensionReason ?? null)}. You can still read and sign out.
      </p>
    </div>
  );
}
