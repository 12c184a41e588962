import { GAME_DAY_TEXTS } from '@contract/game-day';
import { WAIVER_LIMITS } from '@contract/waivers';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/cn';
import { type ReactNode, useId, useState } from 'react';

const T = GAME_DAY_TEXTS;

/**
 * A waiver's Markdown text with Save and Remove (issue 25): an event's (the roster page) or a
 * field's (Manage Fields). `onSave(null)` removes it; the caller sends and says how it went.
 */
export function WaiverTextForm({
  initial,
  version,
  pending,
  onSave,
  before,
  rows = 8,
  className,
}: {
  initial: string;
  /** The version saved now, or null: none yet. */
  version: number | null;
  pending: boolean;
  onSave: (text: string | null) => void;
  /** Shown above the text (an event's note that it inherits its field's waiver). */
  before?: ReactNode;
  rows?: number;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  return (
    <form
      className={cn('space-y-3', className)}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(text.trim());
      }}
    >
      {before}
      <div className="space-y-1">
        <Label htmlFor={`${id}-text`}>
          {T.waiver}
          {version !== null ? ` · ${T.waiverVersion(version)}` : null}
        </Label>
        <Textarea
          id={`${id}-text`}
          rows={rows}
          maxLength={WAIVER_LIMITS.text}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="h-11" disabled={!text.trim() || pending}>
          {T.saveWaiver}
        </Button>
        {version !== null ? (
          <Button
            type="button"
            variant="outline"
            className="h-11"
            disabled={pending}
            onClick={() => onSave(null)}
          >
            {T.removeWaiver}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
