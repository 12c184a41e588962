import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { Link } from 'react-router';
import type { MapMarker } from './types';
import { useMapTiles } from './use-map-config';

/** A pin drawn in CSS (no image to download): it shows with no network at all. */
const pin = L.divIcon({
  className: 'map-pin',
  html:
    '<span style="display:block;width:24px;height:24px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);' +
    'background:var(--primary);border:2px solid #fff;box-shadow:0 1px 4px rgb(0 0 0 / .4)"></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 24],
  popupAnchor: [0, -22],
});

/** Fits the view to the markers whenever the set changes. */
function FitBounds({ markers }: { markers: MapMarker[] }) {
  const map = useMap();
  const key = markers.map((m) => m.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids say when the set changed.
  useEffect(() => {
    if (markers.length === 0) return;
    if (markers.length === 1) map.setView([markers[0].lat, markers[0].lng], 11);
    else
      map.fitBounds(L.latLngBounds(markers.map((m) => [m.lat, m.lng])), { padding: [32, 32], maxZoom: 12 });
  }, [key, map]);
  return null;
}

/** Says when tiles fail to load (offline, blocked): the markers keep working. */
function TileWatch({ onError }: { onError: () => void }) {
  const map = useMap();
  useEffect(() => {
    const handler = () => onError();
    map.on('tileerror', handler);
    return () => {
      map.off('tileerror', handler);
    };
  }, [map, onError]);
  return null;
}

export interface MapViewProps {
  markers: MapMarker[];
  /** The map's accessible name. */
  label: string;
  className?: string;
  /** Shown over the map when its tiles cannot load. */
  offlineText?: string;
}

/**
 * The one map (Leaflet through react-leaflet): clustered CSS markers whose popups link to the
 * item, over the tiles the server names (MAP_TILE_URL). Where tiles cannot load the markers still
 * show. Loaded on demand (./index.tsx), so Leaflet never enters the first load.
 */
export default function MapView({ markers, label, className, offlineText }: MapViewProps) {
  const tiles = useMapTiles();
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTileError = useMemo(() => () => setTilesFailed(true), []);
  const center: [number, number] = markers.length > 0 ? [markers[0].lat, markers[0].lng] : [45, -95];
  return (
    <section className={className ?? 'relative h-[28rem] w-full'} data-testid="map" aria-label={label}>
      <MapContainer
        maxZoom={18}
        minZoom={2}
        center={center}
        zoom={markers.length > 0 ? 5 : 3}
        scrollWheelZoom={false}
        className="size-full rounded-xl"
      >
        {tiles ? <TileLayer url={tiles.url} attribution={tiles.attribution} /> : null}
        <TileWatch onError={onTileError} />
        <FitBounds markers={markers} />
        <MarkerClusterGroup chunkedLoading>
          {markers.map((m) => (
            <Marker key={m.id} position={[m.lat, m.lng]} icon={pin} title={m.title} alt={m.title}>
              <Popup>
                <div className="grid gap-1">
                  <strong>{m.title}</strong>
                  {m.subtitle ? <span>{m.subtitle}</span> : null}
                  {m.href ? (
                    /^https?:/i.test(m.href) ? (
                      <a href={m.href} target="_blank" rel="noopener noreferrer">
                        {m.linkText ?? m.title}
                      </a>
                    ) : (
                      <Link to={m.href}>{m.linkText ?? m.title}</Link>
                    )
                  ) : null}
                </div>
              </Popup>
            </Marker>
          ))}
        </MarkerClusterGroup>
      </MapContainer>
      {tilesFailed && offlineText ? (
        <p
          role="status"
          className="pointer-events-none absolute inset-x-2 bottom-2 z-[1000] rounded-md bg-background/90 px-3 py-1.5 text-xs text-muted-foreground shadow"
        >
          {offlineText}
        </p>
      ) : null}
    </section>
  );
}
