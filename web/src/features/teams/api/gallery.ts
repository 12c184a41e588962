import { TEAM_TEXTS } from '@contract/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import type { TeamGalleryItem } from '../types';
import { TEAM_MUTATION, teamKeys, teamPath } from './keys';

/** POST /api/teams/{id}/gallery {imageUrl, caption?}: our upload or an outside address. */
export function useAddGalleryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'gallery-add', id],
    mutationFn: (body: { imageUrl: string; caption?: string }) =>
      apiRequest<TeamGalleryItem>('POST', teamPath(id, 'gallery'), body),
    meta: { errorToast: { title: TEAM_TEXTS.galleryAddFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.gallery(id) }),
  });
}

/** DELETE /api/teams/{id}/gallery/{itemId}. */
export function useDeleteGalleryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'gallery-delete', id],
    mutationFn: (itemId: string) => apiRequest('DELETE', teamPath(id, 'gallery', itemId)),
    meta: { errorToast: { title: TEAM_TEXTS.galleryDeleteFailed } },
    onSuccess: (_answer, itemId) => {
      queryClient.setQueryData<TeamGalleryItem[]>(teamKeys.gallery(id), (items) =>
        items?.filter((item) => item.id !== itemId),
      );
      return queryClient.invalidateQueries({ queryKey: teamKeys.gallery(id) });
    },
  });
}
