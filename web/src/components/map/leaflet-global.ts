import L from 'leaflet';

/**
 * leaflet.markercluster (under react-leaflet-cluster) is a UMD build that extends the global `L`:
 * it must exist before that module runs, so ./index.tsx loads this first, then ./map-view.
 */
(globalThis as unknown as { L: typeof L }).L = L;
