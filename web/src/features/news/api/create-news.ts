import { NEWS_TEXTS, type NewsArticle, type NewsBodyInput } from '@contract/news';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { newsKeys } from './keys';

/** POST /api/admin/news → 201 the article (admins only). */
export function createNews(body: NewsBodyInput): Promise<NewsArticle> {
  return apiRequest<NewsArticle>('POST', '/api/admin/news', body);
}

export function useCreateNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNews,
    meta: { errorToast: { title: NEWS_TEXTS.createFailed } },
    onSuccess: (article) => {
      queryClient.setQueryData(newsKeys.detail(article.id), article);
      void queryClient.invalidateQueries({ queryKey: newsKeys.lists() });
    },
  });
}
