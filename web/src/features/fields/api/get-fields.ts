import { PAGE_MAX_LIMIT } from '@contract/common';
import type { Field, FieldDetail } from '@contract/fields';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { type FieldListParams, fieldKeys } from './keys';

/** A page size the map is worth showing: the most the server gives at once. */
export const FIELDS_PAGE = PAGE_MAX_LIMIT;

/** GET /api/fields: by name, of one type when given, nearest first with `near`; `before` pages on. */
export function getFields(
  params: FieldListParams & { before?: string },
  signal?: AbortSignal,
): Promise<Field[]> {
  const search = new URLSearchParams({ limit: String(FIELDS_PAGE) });
  if (params.type) search.set('type', params.type);
  if (params.near) search.set('near', params.near);
  if (params.before) search.set('before', params.before);
  return apiRequest<Field[]>('GET', `/api/fields?${search}`, undefined, { signal });
}

/** The fields, page by page (Load more); the previous list stays on screen while another loads. */
export function useFields(params: FieldListParams = {}) {
  return useInfiniteQuery({
    queryKey: fieldKeys.list(params),
    queryFn: ({ pageParam, signal }) => getFields({ ...params, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length === FIELDS_PAGE ? last[last.length - 1].id : undefined),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/fields/{id}: the field with its upcoming events (404 when unknown). */
export function getField(id: string, signal?: AbortSignal): Promise<FieldDetail> {
  return apiRequest<FieldDetail>('GET', `/api/fields/${encodeURIComponent(id)}`, undefined, { signal });
}

export function useField(id: string) {
  return useQuery({ queryKey: fieldKeys.detail(id), queryFn: ({ signal }) => getField(id, signal) });
}
