/** One place on the map: a marker with a popup linking to the item. */
export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  title: string;
  /** A second line in the popup (an address, a type). */
  subtitle?: string | null;
  /** Where the popup's link goes: an app path (/fields/...) or an outside address (opened in a new tab). */
  href?: string | null;
  linkText?: string;
}

/** Whatever has coordinates becomes a marker; the rest are left off the map (they stay in the list). */
export function toMarkers<T extends { id: string; lat: number | null; lng: number | null }>(
  items: readonly T[],
  label: (item: T) => Omit<MapMarker, 'id' | 'lat' | 'lng'>,
): MapMarker[] {
  const out: MapMarker[] = [];
  for (const item of items)
    if (typeof item.lat === 'number' && typeof item.lng === 'number')
      out.push({ id: item.id, lat: item.lat, lng: item.lng, ...label(item) });
  return out;
}
