import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { LoaderCircle, LocateFixed } from 'lucide-react';

/**
 * The "Near me" toggle beside a list (stores, events, fields), driven by `useNearMe`: pressed while
 * a location is in use, disabled with a spinner while the browser looks (and `locatingLabel`, when
 * given, in place of `label`).
 */
export function NearMeButton({
  near,
  locating,
  onToggle,
  label,
  locatingLabel = label,
}: {
  near: string | undefined;
  locating: boolean;
  onToggle: () => void;
  label: string;
  locatingLabel?: string;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-pressed={!!near}
      onClick={onToggle}
      disabled={locating}
      className={cn(near && 'border-primary text-primary')}
    >
      {locating ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <LocateFixed aria-hidden="true" />
      )}
      {locating ? locatingLabel : label}
    </Button>
  );
}
