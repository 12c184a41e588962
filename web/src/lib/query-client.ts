import { MutationCache, QueryClient } from '@tanstack/react-query';
import { errorText, getQueryFn } from './api';
import { type ToastVariant, toast } from './toast';

/**
 * What a mutation says when it fails: the toast's title, the text shown when the server sent no
 * message of its own (SPEC §8: "each toast that can carry a server message prefers it"), and the
 * variant (destructive unless the spec says otherwise).
 */
export interface ErrorToastMeta {
  title: string;
  fallback?: string;
  variant?: ToastVariant;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { errorToast?: ErrorToastMeta };
  }
}

/** The one place a failed mutation turns into a toast, from the mutation's `meta.errorToast`. */
function mutationCache(): MutationCache {
  return new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      const meta = mutation.meta?.errorToast;
      if (!meta) return;
      toast({
        variant: meta.variant ?? 'destructive',
        title: meta.title,
        description: errorText(error, meta.fallback),
      });
    },
  });
}

/** SPEC §9: no retry, no refetch on focus or interval, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: mutationCache(),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
