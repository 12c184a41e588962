import type { Field } from '@contract/fields';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** The fields an event can be held at (the form's picker): GET /api/fields, the first 100 by name. */
export function useFieldOptions() {
  return useQuery({
    queryKey: ['fields', 'list', 'options'],
    queryFn: ({ signal }) => apiRequest<Field[]>('GET', '/api/fields?limit=100', undefined, { signal }),
  });
}
