import { NEWS_TEXTS } from '@contract/news';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { newsKeys } from './keys';

/** DELETE /api/admin/news/{id} → 204 (admins only). */
export async function deleteNews(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/news/${encodeURIComponent(id)}`);
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNews,
    meta: { errorToast: { title: NEWS_TEXTS.deleteFailed } },
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: newsKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: newsKeys.lists() });
    },
  });
}
