import { STORE_TEXTS, type Store, websiteHref } from '@contract/stores';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ExternalLink, MapPin, Navigation, Phone } from 'lucide-react';

const T = STORE_TEXTS;

/** The phone number as a tel: address (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** What the link shows for a website: the address without its scheme and trailing slash. */
const websiteLabel = (href: string) => href.replace(/^https?:\/\//i, '').replace(/\/$/, '');

/**
 * A store card (SPEC §2 Locator section): name, region badge, address, phone as a tel: link and
 * the website (https:// prefixed when missing) opening in a new tab; the distance with "Near me".
 */
export function StoreCard({ store }: { store: Store }) {
  const href = websiteHref(store.website);
  return (
    <Card className="flex w-full flex-col gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold leading-tight">{store.name}</h3>
        <span className="inline-flex shrink-0 rounded-full bg-primary/15 px-2.5 py-0.5 text-xs font-semibold text-primary">
          {store.region}
        </span>
      </div>
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{store.address}</span>
      </p>
      {typeof store.distance === 'number' ? (
        <p className="flex items-center gap-2 text-sm font-medium">
          <Navigation className="size-4 shrink-0" aria-hidden="true" />
          {T.kmAway(store.distance)}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {store.phone ? (
          <a
            className="inline-flex items-center gap-1.5 text-primary hover:underline"
            href={telHref(store.phone)}
          >
            <Phone className="size-4" aria-hidden="true" />
            {store.phone}
          </a>
        ) : null}
        {href ? (
          <a
            className="inline-flex min-w-0 items-center gap-1.5 text-primary hover:underline"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
          >
            <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{websiteLabel(href)}</span>
          </a>
        ) : null}
      </div>
    </Card>
  );
}

export function StoreCardSkeleton() {
  return (
    <Card className="flex w-full flex-col gap-3 p-5">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-1/2" />
    </Card>
  );
}
