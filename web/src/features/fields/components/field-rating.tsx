import { FIELD_TEXTS, type Field } from '@contract/fields';
import { cn } from '@web/lib/cn';
import { Star } from 'lucide-react';

const T = FIELD_TEXTS;

/** The rating as shown: the raw average to one decimal (SPEC §9) with the count, or 'Not rated yet'. */
export function RatingSummary({
  field,
  className,
}: {
  field: Pick<Field, 'ratingAverage' | 'ratingCount'>;
  className?: string;
}) {
  if (field.ratingAverage === null || field.ratingCount === 0)
    return <span className={cn('text-sm text-muted-foreground', className)}>{T.notRated}</span>;
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <Star className="size-4 fill-primary text-primary" aria-hidden="true" />
      <span className="font-semibold">{field.ratingAverage.toFixed(1)}</span>
      <span className="text-muted-foreground">({T.ratingsCount(field.ratingCount)})</span>
    </span>
  );
}
