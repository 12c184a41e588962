import type { CatalogImportPreview, ImportRow, Product, ProductOffer } from '@contract/catalog';

export const productId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const offerId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

export function anOffer(n: number, overrides: Partial<ProductOffer> = {}): ProductOffer {
  return {
    id: offerId(n),
    vendor: `Vendor ${n}`,
    price: 100 + n,
    currency: 'USD',
    url: `https://vendor${n}.example.com/p`,
    inStock: true,
    lastChecked: '2026-06-01T00:00:00.000Z',
    lowestInCurrency: false,
    lowest30d: false,
    history: [],
    ...overrides,
  };
}

export function aProduct(n: number, overrides: Partial<Product> = {}): Product {
  return {
    id: productId(n),
    title: `Product ${n}`,
    description: 'A sturdy replica.',
    image: null,
    category: 'Rifle',
    brand: 'Krytac',
    fps: 370,
    joules: 1.27,
    weight: '2.9 kg',
    material: 'Aluminium',
    magazineCapacity: 150,
    lastUpdated: '2026-06-01T00:00:00.000Z',
    createdAt: '2026-05-01T00:00:00.000Z',
    offers: [],
    lowestPrices: [],
    canEdit: false,
    ...overrides,
  };
}

export function anImportRow(line: number, overrides: Partial<ImportRow> = {}): ImportRow {
  return {
    line,
    vendor: 'Northbound Airsoft',
    brand: 'Krytac',
    model: 'Trident Mk2 CRB',
    price: 579.99,
    currency: 'CAD',
    url: 'https://nb.example.com/trident',
    inStock: true,
    status: 'added',
    productId: productId(1),
    productTitle: 'Krytac Trident MkII CRB',
    similarity: 0.8,
    previousPrice: null,
    previousCurrency: null,
    previousInStock: null,
    ...overrides,
  };
}

export function aPreview(rows: ImportRow[]): CatalogImportPreview {
  const c = { added: 0, updated: 0, unchanged: 0, unmatched: 0 };
  for (const r of rows) c[r.status]++;
  return { ...c, digest: 'digest-1', rows };
}
