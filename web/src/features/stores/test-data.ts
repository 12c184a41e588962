import { countryOfRegion, type Store } from '@contract/stores';

export const storeId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A store of the answer's shape (Ontario unless told otherwise). */
export function aStore(n: number, overrides: Partial<Store> = {}): Store {
  const region = overrides.region ?? 'Ontario';
  return {
    id: storeId(n),
    name: `Store ${n}`,
    region,
    country: countryOfRegion(region),
    address: `${n} Main St`,
    phone: null,
    website: null,
    lat: 43.65,
    lng: -79.38,
    verified: true,
    createdAt: '2026-03-04T12:00:00.000Z',
    updatedAt: '2026-03-04T12:00:00.000Z',
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}
