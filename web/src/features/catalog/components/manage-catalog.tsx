import { CATALOG_TEXTS } from '@contract/catalog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { ExternalLink, Pencil } from 'lucide-react';
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
  const list = products.data ?? [];

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        {editingId && editing.isPending ? (
          <Skeleton className="h-96 w-full" />
        ) : (
          <ProductForm
            editing={editingId ? (editing.data ?? null) : null}
            onDone={() => setEditingId(null)}
          />
        )}
        <section aria-labelledby="manage-catalog-list" className="space-y-3">
          <h3 id="manage-catalog-list" className="font-semibold">
            {T.products}
          </h3>
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
          {products.isPending ? (
            <div className="space-y-2" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : products.isError && !products.data ? (
            <p className="text-sm text-destructive">{T.fetchProductsFailed}</p>
          ) : list.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
              {T.noProducts}
            </p>
          ) : (
            <ul className="max-h-[600px] space-y-2 overflow-y-auto pr-1" aria-label={T.products}>
              {list.map((p) => (
                <li key={p.id}>
                  <Card
                    className={`flex items-start gap-2 p-3 ${editingId === p.id ? 'border-primary' : ''}`}
                  >
                    <div className="min-w-0 flex-1 space-y-1">
                      <p className="truncate font-medium">{p.title}</p>
                      <p className="truncate text-xs text-muted-foreground">
                        {[p.brand, p.category, T.offersCount(p.offersCount)].filter(Boolean).join(' · ')}
                      </p>
                    </div>
                    <Button asChild variant="ghost" size="sm">
                      <Link to={productPath(p.id)} aria-label={`${T.view} ${p.title}`}>
                        <ExternalLink aria-hidden="true" />
                      </Link>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditingId(p.id)}
                      aria-label={`${T.edit} ${p.title}`}
                    >
                      <Pencil aria-hidden="true" />
                      {T.edit}
                    </Button>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <CatalogImport />
    </div>
  );
}
