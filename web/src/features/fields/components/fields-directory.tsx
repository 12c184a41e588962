import { FIELD_TEXTS, FIELD_TYPES, type FieldType } from '@contract/fields';
import { PlacesMap as FieldMap, toMarkers } from '@web/components/map';
import { NearMeButton } from '@web/components/near-me-button';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { useNearMe } from '@web/lib/use-near-me';
import { LoaderCircle } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useFields } from '../api/get-fields';
import { fieldPath } from '../api/keys';
import { FieldCard, FieldCardSkeleton } from './field-card';

const T = FIELD_TEXTS;

export const SELECT_CLASS =
  'flex h-9 rounded-md border border-input bg-background px-3 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * /fields: the type filter and "Near me" above the list of fields and, beside it, the map of the
 * same fields (markers link to each field's page). The list never depends on the map: where tiles
 * cannot load, the markers and the list still work.
 */
export function FieldsDirectory() {
  const ids = useId();
  const [type, setType] = useState<FieldType | undefined>(undefined);
  const { near, locating, toggle } = useNearMe({ failedTitle: T.locationFailed });
  const query = useFields({ type, near });
  const list = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);
  const markers = useMemo(
    () =>
      toMarkers(list, (f) => ({
        title: f.name,
        subtitle: [f.type, f.address].filter(Boolean).join(' · '),
        href: fieldPath(f.id),
        linkText: T.viewField,
      })),
    [list],
  );

  const body = query.isPending ? (
    <div className="grid gap-3" data-testid="fields-loading" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        <FieldCardSkeleton key={i} />
      ))}
    </div>
  ) : query.isError && !query.data ? (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm text-destructive"
    >
      {T.fetchFieldsFailed}
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        {T.tryAgain}
      </Button>
    </div>
  ) : list.length === 0 ? (
    <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
      {T.noFields}
    </p>
  ) : (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label={T.listLabel}>
        {list.map((f) => (
          <li key={f.id} className="flex">
            <FieldCard field={f} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {T.loadMore}
        </Button>
      ) : null}
    </div>
  );

  return (
    <section aria-label={T.heading} className="grid gap-4" data-testid="fields-directory">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-type`}>{T.typeFilter}</Label>
          <select
            id={`${ids}-type`}
            className={SELECT_CLASS}
            value={type ?? ''}
            onChange={(e) => setType((e.target.value || undefined) as FieldType | undefined)}
          >
            <option value="">{T.allTypes}</option>
            {FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <NearMeButton
          near={near}
          locating={locating}
          onToggle={toggle}
          label={T.nearMe}
          locatingLabel={T.locating}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="order-2 lg:order-1 lg:max-h-[36rem] lg:overflow-y-auto lg:pr-1">{body}</div>
        <div className="order-1 lg:order-2">
          <FieldMap
            markers={markers}
            label={T.mapLabel}
            className="relative h-72 w-full sm:h-96 lg:h-[36rem]"
            offlineText={T.mapOffline}
          />
        </div>
      </div>
    </section>
  );
}
