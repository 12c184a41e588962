import type { EventRules } from '@contract/events';
import { FIELD_TEXTS, type FieldDetail } from '@contract/fields';
import { websiteHref } from '@contract/stores';
import { PlacesMap as FieldMap, toMarkers } from '@web/components/map';
import { PageTitle } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { format } from 'date-fns';
import { ArrowLeft, BadgeCheck, CalendarDays, ExternalLink, MapPin, Phone, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useField } from '../api/get-fields';
import { useRateField } from '../api/write-fields';
import { telHref } from './field-card';
import { RatingSummary } from './field-rating';

const T = FIELD_TEXTS;

/** 1 to 5 stars; a signed-in player who has not rated the field yet picks one, once. */
function RateField({ field }: { field: FieldDetail }) {
  const rate = useRateField(field.id);
  const user = useUser();
  if (field.viewerRating !== null)
    return (
      <p className="text-sm">
        {T.yourRating}: <span className="font-semibold">{field.viewerRating}</span> / 5
      </p>
    );
  if (!user.user)
    return (
      <p className="text-sm text-muted-foreground">
        <Link to="/auth" className="text-primary hover:underline">
          {T.signInToRate}
        </Link>
      </p>
    );
  if (!field.canRate) return null;
  return (
    <fieldset className="grid gap-1.5">
      <legend className="text-sm font-medium">{T.rateThisField}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <Button
            key={n}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
            disabled={rate.isPending}
            onClick={() =>
              rate.mutate(n, {
                // A fresh account's rating is kept but not counted yet: the server's message says when.
                onSuccess: (answer) =>
                  toast({ title: T.ratingSaved, description: answer.counted ? undefined : answer.message }),
              })
            }
          >
            <Star className="size-5 text-primary" aria-hidden="true" />
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A field's page: photo, name, type, verified mark, address, phone, website, rating (rate 1 to 5
 * once, signed in), its default rules of engagement (drawn by `renderRules`, which the app takes
 * from the events area), its place on the map and the upcoming events held there.
 */
export function FieldDetails({
  id,
  renderRules,
}: {
  id: string;
  renderRules?: (rules: EventRules) => ReactNode;
}) {
  const query = useField(id);
  const back = (
    <Link to="/fields" className="inline-flex items-center gap-1.5 text-sm text-primary hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {T.backToFields}
    </Link>
  );
  if (query.isPending)
    return (
      <div className="grid gap-4" aria-busy="true" data-testid="field-loading">
        <Skeleton className="h-56 w-full rounded-xl" />
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  if (query.isError) {
    const missing = /^404\b/.test(query.error.message);
    return (
      <div className="grid gap-4">
        {back}
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm text-destructive"
        >
          {missing ? T.fieldNotFound : T.fetchFieldFailed}
          {missing ? null : (
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {T.tryAgain}
            </Button>
          )}
        </div>
      </div>
    );
  }
  const field = query.data;
  const href = websiteHref(field.website);
  const markers = toMarkers([field], (f) => ({ title: f.name, subtitle: f.address }));
  return (
    <article className="grid gap-6">
      {back}
      {field.image ? (
        <RemoteImage
          address={field.image}
          media={field.media}
          alt={field.name}
          className="h-56 w-full rounded-xl object-cover sm:h-72"
        />
      ) : null}
      <div className="grid gap-2">
        <PageTitle title={field.name} />
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {field.type ? <span className="text-muted-foreground">{field.type}</span> : null}
          {field.verified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-foreground">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {T.verified}
            </span>
          ) : (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
              {T.unverified}
            </span>
          )}
          <RatingSummary field={field} />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardContent className="grid gap-3 pt-6 text-sm">
            {field.address ? (
              <p className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  <span className="sr-only">{T.address}: </span>
                  {field.address}
                </span>
              </p>
            ) : null}
            {field.phone ? (
              <a
                className="inline-flex items-center gap-2 text-primary hover:underline"
                href={telHref(field.phone)}
              >
                <Phone className="size-4" aria-hidden="true" />
                <span className="sr-only">{T.phone}: </span>
                {field.phone}
              </a>
            ) : null}
            {href ? (
              <a
                className="inline-flex min-w-0 items-center gap-2 text-primary hover:underline"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
              >
                <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{href.replace(/^https?:\/\//i, '').replace(/\/$/, '')}</span>
              </a>
            ) : null}
            <RateField field={field} />
          </CardContent>
        </Card>
        {markers.length > 0 ? (
          <FieldMap
            markers={markers}
            label={T.mapLabel}
            className="relative h-64 w-full"
            offlineText={T.mapOffline}
          />
        ) : null}
      </div>
      {field.rules && renderRules ? (
        renderRules(field.rules)
      ) : (
        <section aria-labelledby="field-rules" className="grid gap-3">
          <h2 id="field-rules" className="text-lg font-semibold">
            {T.rules}
          </h2>
          <p className="text-sm text-muted-foreground">{T.noRules}</p>
        </section>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{T.upcomingEvents}</CardTitle>
        </CardHeader>
        <CardContent>
          {field.upcomingEvents.length === 0 ? (
            <p className="text-sm text-muted-foreground">{T.noUpcomingEvents}</p>
          ) : (
            <ul className="grid gap-3" aria-label={T.upcomingEvents}>
              {field.upcomingEvents.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={`/events/${encodeURIComponent(e.id)}`}
                    className="font-medium text-primary hover:underline"
                  >
                    {e.title}
                  </Link>
                  <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                    <CalendarDays className="size-4" aria-hidden="true" />
                    {format(new Date(e.date), 'MMM dd, yyyy - h:mm a')} · {e.type}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </article>
  );
}
