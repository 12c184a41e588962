import {
  CATALOG_TEXTS,
  type Product,
  type ProductCreateInput,
  type ProductPatchInput,
  type ProductSummary,
} from '@contract/catalog';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { catalogKeys } from './keys';

/** GET /api/admin/products?search=: Manage Catalog's list (admins only). */
export function getAdminProducts(search: string, signal?: AbortSignal): Promise<ProductSummary[]> {
  const q = search.trim() ? `?search=${encodeURIComponent(search.trim())}` : '';
  return apiRequest<ProductSummary[]>('GET', `/api/admin/products${q}`, undefined, { signal });
}

export function useAdminProducts(search = '') {
  return useQuery({
    queryKey: catalogKeys.adminList(search.trim()),
    queryFn: ({ signal }) => getAdminProducts(search, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/products → 201 the product. */
export function createProduct(body: ProductCreateInput): Promise<Product> {
  return apiRequest<Product>('POST', '/api/admin/products', body);
}

/** PATCH /api/admin/products/{id} → the product as changed. */
export function updateProduct({ id, body }: { id: string; body: ProductPatchInput }): Promise<Product> {
  return apiRequest<Product>('PATCH', `/api/admin/products/${encodeURIComponent(id)}`, body);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: catalogKeys.admin });
    void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
  };
}

export function useCreateProduct() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: createProduct,
    meta: { errorToast: { title: CATALOG_TEXTS.createFailed } },
    onSuccess: refresh,
  });
}

export function useUpdateProduct() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: updateProduct,
    meta: { errorToast: { title: CATALOG_TEXTS.updateFailed } },
    onSuccess: refresh,
  });
}
