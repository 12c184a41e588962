import { GEAR_TEXTS, RATING_MAX, RATING_MIN } from '@contract/gear';
import { cn } from '@web/lib/cn';
import { Star } from 'lucide-react';
import { useId } from 'react';

const T = GEAR_TEXTS;
const SCALE = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** SPEC §9: the average to one decimal. */
export const oneDecimal = (n: number) => n.toFixed(1);

/** The average as stars (filled to the nearest half), to one decimal, and the count. */
export function RatingSummary({
  average,
  count,
  className,
}: {
  average: number;
  count: number;
  className?: string;
}) {
  return (
    <p className={cn('flex flex-wrap items-center gap-2 text-sm', className)}>
      <span className="flex" aria-hidden="true">
        {SCALE.map((n) => (
          <Star
            key={n}
            className={cn(
              'size-4',
              average >= n - 0.25 ? 'fill-primary text-primary' : 'text-muted-foreground',
            )}
          />
        ))}
      </span>
      {count > 0 ? (
        <>
          <span className="font-semibold" data-testid="average">
            {oneDecimal(average)}
          </span>
          <span className="text-muted-foreground">({T.ratings(count)})</span>
        </>
      ) : (
        <span className="text-muted-foreground">{T.noRatings}</span>
      )}
    </p>
  );
}

/**
 * 1 to 5 stars as a radio group (SPEC §9 scale): arrow keys move the choice, as in any radio
 * group; the choice is sent with the Submit button, so browsing with the keyboard sends nothing.
 */
export function StarInput({
  value,
  onChange,
  disabled,
  label = T.yourRating,
}: {
  value: number | null;
  onChange: (value: number) => void;
  disabled?: boolean;
  label?: string;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col items-center gap-2" disabled={disabled}>
      <legend className="mb-2 text-center text-sm font-medium">{label}</legend>
      <div className="flex gap-1">
        {SCALE.map((n) => (
          <label key={n} className="group relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={T.stars(n)}
              className="peer sr-only"
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-9 rounded-md p-0.5 transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
                value !== null && n <= value
                  ? 'fill-primary text-primary'
                  : 'text-muted-foreground group-hover:text-primary',
              )}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
