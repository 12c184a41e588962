import type { SessionUser } from '../auth';

export type CatalogAction = 'create' | 'edit' | 'import';

/**
 * Who may do what with the catalog: everyone reads products and their prices; admins create and
 * edit products and import vendors' price lists (Manage Catalog). Every write checks it, and the
 * product answer carries the result for the viewer (canEdit).
 */
export function can(user: SessionUser | null, _action: CatalogAction): boolean {
  return user?.role === 'admin';
}
