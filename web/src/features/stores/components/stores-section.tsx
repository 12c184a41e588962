import { STORE_COUNTRIES, STORE_TEXTS, type StoreCountry, websiteHref } from '@contract/stores';
import { PlacesMap as StoreMap, toMarkers } from '@web/components/map';
import { NearMeButton } from '@web/components/near-me-button';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useNearMe } from '@web/lib/use-near-me';
import { anyText, useQueryParam, useSetQuery } from '@web/lib/use-query-param';
import { List, MapIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useStores } from '../api/get-stores';
import { StoreCard, StoreCardSkeleton } from './store-card';

const T = STORE_TEXTS;
/** The list/map switch (issue 13). */
const MAP_TEXTS = {
  view: 'View',
  list: 'List',
  map: 'Map',
  offline: 'Map tiles could not load; the markers still work.',
} as const;
const ALL = 'all';
type CountryTab = StoreCountry | typeof ALL;
/** A region as a tab value: no spaces, as the tab's id and aria-controls are made from it. */
const tabValue = (region: string | null) => (region === null ? ALL : `r-${encodeURIComponent(region)}`);
const regionOf = (value: string) => (value === ALL ? null : decodeURIComponent(value.slice(2)));

/**
 * The Locator section of / (SPEC §2, §4): country tabs (All Countries, Canada, US), region tabs
 * derived from the stores of the chosen country (changing the country resets the region to
 * all), the store cards by name, or nearest first with "Near me".
 */
export function StoresSection() {
  // The country and region live in the address (`?country=Canada&region=Ontario`, issue 20).
  const [country] = useQueryParam<CountryTab>('country', [ALL, ...STORE_COUNTRIES], ALL);
  const setQuery = useSetQuery();
  /** The chosen region; null is all. */
  const [regionParam, setRegionParam] = useQueryParam<string>('region', anyText(), '');
  const region = regionParam === '' ? null : regionParam;
  const setRegion = (value: string | null) => setRegionParam(value ?? '');
  const { near, locating, toggle } = useNearMe({ failedTitle: T.locationFailed });
  const stores = useStores({ country: country === ALL ? undefined : country, near });

  const list = stores.data ?? [];
  const regions = useMemo(
    () => [...new Set(list.map((s) => s.region))].sort((a, b) => a.localeCompare(b)),
    [list],
  );
  const shown = region === null ? list : list.filter((s) => s.region === region);
  /** List or map view (issue 13): the map shows the same stores, popups linking to their websites. */
  const [view, setView] = useState<'list' | 'map'>('list');
  const markers = useMemo(
    () =>
      view === 'map'
        ? toMarkers(shown, (s) => ({
            title: s.name,
            subtitle: s.address,
            href: websiteHref(s.website),
            linkText: T.visitWebsite,
          }))
        : [],
    [shown, view],
  );

  const chooseCountry = (value: string) => {
    // One change of the address: the new country with the region back to all.
    setQuery({ country: value === ALL ? null : value, region: null });
  };

  const body = stores.isPending ? (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="stores-loading" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        <StoreCardSkeleton key={i} />
      ))}
    </div>
  ) : stores.isError && !stores.data ? (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm text-destructive"
    >
      {T.fetchStoresFailed}
      <Button variant="outline" size="sm" onClick={() => void stores.refetch()}>
        {T.tryAgain}
      </Button>
    </div>
  ) : shown.length === 0 ? (
    <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
      {T.noStores}
    </p>
  ) : view === 'map' ? (
    <StoreMap markers={markers} label={MAP_TEXTS.map} offlineText={MAP_TEXTS.offline} />
  ) : (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={T.listLabel}>
      {shown.map((store) => (
        <li key={store.id} className="flex">
          <StoreCard store={store} />
        </li>
      ))}
    </ul>
  );

  // The tab panels: the country's holds the region tabs, the region's holds the stores.
  return (
    <section aria-label={T.heading} data-testid="stores-section">
      <Tabs value={country} onValueChange={chooseCountry}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label={T.countryTabs}>
            <TabsTrigger value={ALL}>{T.allCountries}</TabsTrigger>
            {STORE_COUNTRIES.map((c) => (
              <TabsTrigger key={c} value={c}>
                {c}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex flex-wrap items-center gap-2">
            <fieldset className="inline-flex rounded-md border border-border p-0.5">
              <legend className="sr-only">{MAP_TEXTS.view}</legend>
              {(['list', 'map'] as const).map((v) => (
                <Button
                  key={v}
                  variant={view === v ? 'secondary' : 'ghost'}
                  size="sm"
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                >
                  {v === 'list' ? <List aria-hidden="true" /> : <MapIcon aria-hidden="true" />}
                  {v === 'list' ? MAP_TEXTS.list : MAP_TEXTS.map}
                </Button>
              ))}
            </fieldset>
            <NearMeButton
              near={near}
              locating={locating}
              onToggle={toggle}
              label={T.nearMe}
              locatingLabel={T.locating}
            />
          </div>
        </div>
        <TabsContent value={country} className="mt-5">
          {regions.length > 0 ? (
            <Tabs value={tabValue(region)} onValueChange={(v) => setRegion(regionOf(v))}>
              <TabsList aria-label={T.regionTabs} className="h-auto flex-wrap justify-start">
                <TabsTrigger value={ALL}>{T.allRegions}</TabsTrigger>
                {regions.map((r) => (
                  <TabsTrigger key={r} value={tabValue(r)}>
                    {r}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value={tabValue(region)} className="mt-5">
                {body}
              </TabsContent>
            </Tabs>
          ) : (
            body
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}
