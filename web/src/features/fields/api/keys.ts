import type { FieldType } from '@contract/fields';
import { queryRoots } from '@web/lib/query-keys';

export interface FieldListParams {
  type?: FieldType;
  /** `lat,lng` for `?near=`. */
  near?: string;
}

/**
 * Query keys of the fields area, from one factory: every key starts with 'fields', so one
 * invalidation of `fieldKeys.all` refreshes lists and pages after a rating or an admin's change.
 */
export const fieldKeys = {
  all: queryRoots.fields,
  lists: () => queryRoots.fieldLists,
  list: (params: FieldListParams = {}) =>
    [...fieldKeys.lists(), { type: params.type ?? null, near: params.near ?? null }] as const,
  details: () => [...fieldKeys.all, 'detail'] as const,
  detail: (id: string) => [...fieldKeys.details(), id] as const,
};

export const fieldPath = (id: string) => `/fields/${encodeURIComponent(id)}`;
