import { NEWS_TEXTS, type NewsArticle, type NewsBodyInput } from '@contract/news';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { newsKeys } from './keys';

/** PUT /api/admin/news/{id} → the article as replaced (admins only). */
export function updateNews({ id, body }: { id: string; body: NewsBodyInput }): Promise<NewsArticle> {
  return apiRequest<NewsArticle>('PUT', `/api/admin/news/${encodeURIComponent(id)}`, body);
}

export function useUpdateNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNews,
    meta: { errorToast: { title: NEWS_TEXTS.updateFailed } },
    onSuccess: (article) => {
      queryClient.setQueryData(newsKeys.detail(article.id), article);
      void queryClient.invalidateQueries({ queryKey: newsKeys.lists() });
    },
  });
}
