import type { EventPhotosAnswer, PlayerGamesAnswer } from '@contract/event-photos';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** After the game (issue 26): an event's photos and a player's games played, page by page. */
export const PHOTOS_PAGE = 24;
export const GAMES_PAGE = 10;

export const galleryKeys = {
  photos: (eventId: string) => ['event-photos', eventId] as const,
  games: (userId: string) => ['player-games', userId] as const,
};

/** GET /api/events/{id}/photos: the next page's cursor is the last photo's id. */
export function useEventPhotos(eventId: string) {
  return useInfiniteQuery({
    queryKey: galleryKeys.photos(eventId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(PHOTOS_PAGE) });
      if (pageParam) q.set('before', pageParam);
      return apiRequest<EventPhotosAnswer>(
        'GET',
        `/api/events/${encodeURIComponent(eventId)}/photos?${q}`,
        undefined,
        { signal },
      );
    },
    getNextPageParam: (last) =>
      last.photos.length < PHOTOS_PAGE ? undefined : last.photos[last.photos.length - 1]?.id,
  });
}

/** GET /api/user/{userId}/games: the count, and the games page by page (cursor: the last game's event id). */
export function usePlayerGames(userId: string) {
  return useInfiniteQuery({
    queryKey: galleryKeys.games(userId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(GAMES_PAGE) });
      if (pageParam) q.set('before', pageParam);
      return apiRequest<PlayerGamesAnswer>(
        'GET',
        `/api/user/${encodeURIComponent(userId)}/games?${q}`,
        undefined,
        { signal },
      );
    },
    getNextPageParam: (last) =>
      last.games.length < GAMES_PAGE ? undefined : last.games[last.games.length - 1]?.eventId,
  });
}
