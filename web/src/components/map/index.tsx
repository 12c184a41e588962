import { Skeleton } from '@web/components/ui/skeleton';
import { lazy, Suspense } from 'react';
import type { MapViewProps } from './map-view';

export { type MapMarker, toMarkers } from './types';

// Leaflet first, as the global markercluster extends (./leaflet-global.ts), then the map itself.
const MapView = lazy(() => import('./leaflet-global').then(() => import('./map-view')));

/** The shared map, loaded on demand: Leaflet and its styles are a chunk of their own. */
export function PlacesMap(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <Skeleton className={props.className ?? 'h-[28rem] w-full rounded-xl'} aria-label={props.label} />
      }
    >
      <MapView {...props} />
    </Suspense>
  );
}
