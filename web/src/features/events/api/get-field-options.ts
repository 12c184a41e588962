import type { Field } from '@contract/fields';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { queryRoots } from '@web/lib/query-keys';

/**
 * The fields an event can be held at (the form's picker): GET /api/fields, the first 100 by name,
 * under the root of every field list, so an admin's change to the fields refreshes it too.
 */
export function useFieldOptions() {
  return useQuery({
    queryKey: [...queryRoots.fieldLists, 'options'],
    queryFn: ({ signal }) => apiRequest<Field[]>('GET', '/api/fields?limit=100', undefined, { signal }),
  });
}
