import { CATALOG_TEXTS } from '@contract/catalog';
import { AdminList, AdminSplit } from '@web/components/admin/admin-list';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { ExternalLink } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { useAdminProducts } from '../api/admin-products';
import { productPath, useProduct } from '../api/get-product';
import { CatalogImport } from './catalog-import';
import { ProductForm } from './product-form';

const T = CATALOG_TEXTS;

/**
 * Manage Catalog (admin): the product form in create mode, or in edit mode after choosing Edit
 * until cancel or save; the products by title with a search; and the vendor price-list import.
 */
export function ManageCatalog() {
  const ids = useId();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const products = useAdminProducts(deferred);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = useProduct(editingId ?? '');

  return (
    <div className="space-y-6">
      <AdminSplit>
        {editingId && editing.isPending ? (
          <Skeleton className="h-96 w-full" />
        ) : (
          <ProductForm
            editing={editingId ? (editing.data ?? null) : null}
            onDone={() => setEditingId(null)}
          />
        )}
        <AdminList
          id="manage-catalog-list"
          texts={{ ...T, heading: T.products, empty: T.noProducts, fetchFailed: T.fetchProductsFailed }}
          query={products}
          items={products.data ?? []}
          name={(p) => p.title}
          details={(p) => [p.brand, p.category, T.offersCount(p.offersCount)].filter(Boolean).join(' · ')}
          selectedId={editingId}
          onEdit={(p) => setEditingId(p.id)}
          toolbar={
            <div>
              <label htmlFor={`${ids}-search`} className="sr-only">
                {T.searchProducts}
              </label>
              <Input
                id={`${ids}-search`}
                type="search"
                placeholder={T.searchProducts}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          }
          actions={(p) => (
            <Button asChild variant="ghost" size="sm">
              <Link to={productPath(p.id)} aria-label={`${T.view} ${p.title}`}>
                <ExternalLink aria-hidden="true" />
              </Link>
            </Button>
          )}
        />
      </AdminSplit>
      <CatalogImport />
    </div>
  );
}
