import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryClient as defaultClient } from '@web/lib/query-client';
import { lazy, type ReactNode, Suspense } from 'react';

// The toast region (sonner) is not needed for the first paint: it loads beside the page.
const Toaster = lazy(() => import('@web/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Everything the pages share: the query cache and the toast region. */
export function Providers({
  children,
  client = defaultClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
