import type { Product } from '@contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { catalogKeys } from './keys';

/** GET /api/products/{id}: the product, its offers and their price histories (404 when unknown). */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiRequest<Product>('GET', `/api/products/${encodeURIComponent(id)}`, undefined, { signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: catalogKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });

/** The product; nothing is asked for an empty id. */
export function useProduct(id: string) {
  return useQuery({ ...productQueryOptions(id), enabled: id !== '' });
}

/** The product's own address in the app. */
export const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;
