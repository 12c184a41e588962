import { FIELD_TEXTS, type Field } from '@contract/fields';
import { websiteHref } from '@contract/stores';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { BadgeCheck, MapPin, Navigation, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { fieldPath } from '../api/keys';
import { RatingSummary } from './field-rating';

const T = FIELD_TEXTS;

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A field in the directory: name (to its page), type, verified mark, rating, address, distance, phone. */
export function FieldCard({ field }: { field: Field }) {
  return (
    <Card className="flex w-full flex-col gap-2 p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold leading-tight">
          <Link to={fieldPath(field.id)} className="hover:underline focus-visible:underline">
            {field.name}
          </Link>
        </h3>
        {field.verified ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-foreground">
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            {T.verified}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {field.type ? <span className="text-muted-foreground">{field.type}</span> : null}
        <RatingSummary field={field} />
      </div>
      {field.address ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{field.address}</span>
        </p>
      ) : null}
      {typeof field.distance === 'number' ? (
        <p className="flex items-center gap-2 text-sm font-medium">
          <Navigation className="size-4 shrink-0" aria-hidden="true" />
          {T.kmAway(field.distance)}
        </p>
      ) : null}
      {field.phone ? (
        <a
          className="inline-flex items-center gap-1.5 text-sm text-primary hover:underline"
          href={telHref(field.phone)}
        >
          <Phone className="size-4" aria-hidden="true" />
          {field.phone}
        </a>
      ) : null}
    </Card>
  );
}

export function FieldCardSkeleton() {
  return (
    <Card className="grid gap-2 p-4">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-5/6" />
    </Card>
  );
}

export { websiteHref };
