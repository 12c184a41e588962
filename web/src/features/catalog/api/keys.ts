import { queryRoots } from '@web/lib/query-keys';

/**
 * Query keys of the catalog, from one factory: a product page under '/api/products', Manage
 * Catalog's lists under '/api/admin/products', so one invalidation refreshes each after a change.
 */
export const catalogKeys = {
  all: queryRoots.products,
  detail: (id: string) => [...catalogKeys.all, 'detail', id] as const,
  admin: queryRoots.adminProducts,
  adminList: (search = '') => [...catalogKeys.admin, 'list', search] as const,
};
