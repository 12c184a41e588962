import { type AppConfigAnswer, DEFAULT_MAP_TILES } from '@contract/fields';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export const mapConfigKey = ['/api/config'] as const;

/**
 * The tile source the server names (MAP_TILE_URL, GET /api/config). While it loads nothing is
 * drawn under the markers; if it cannot load, OpenStreetMap's standard tiles are tried.
 */
export function useMapTiles(): { url: string; attribution: string } | null {
  const config = useQuery({
    queryKey: mapConfigKey,
    queryFn: ({ signal }) => apiRequest<AppConfigAnswer>('GET', '/api/config', undefined, { signal }),
  });
  if (config.data) return { url: config.data.map.tileUrl, attribution: config.data.map.attribution };
  if (config.isError) return { ...DEFAULT_MAP_TILES };
  return null;
}
