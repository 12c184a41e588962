import {
  CATALOG_TEXTS,
  type CatalogImportCommitBody,
  type CatalogImportPreview,
  type CatalogImportResult,
  type CatalogImportSource,
} from '@contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { catalogKeys } from './keys';

/** POST /api/admin/products/import/preview: what the list would do; nothing is stored. */
export function previewPriceList(source: CatalogImportSource): Promise<CatalogImportPreview> {
  return apiRequest<CatalogImportPreview>('POST', '/api/admin/products/import/preview', source);
}

/** POST /api/admin/products/import: the previewed list (with its digest), stored at once. */
export function commitPriceList(body: CatalogImportCommitBody): Promise<CatalogImportResult> {
  return apiRequest<CatalogImportResult>('POST', '/api/admin/products/import', body);
}

export function usePreviewPriceList() {
  return useMutation({
    mutationFn: previewPriceList,
    meta: { errorToast: { title: CATALOG_TEXTS.previewFailed } },
  });
}

export function useCommitPriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitPriceList,
    meta: { errorToast: { title: CATALOG_TEXTS.commitFailed } },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogKeys.admin });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
  });
}
