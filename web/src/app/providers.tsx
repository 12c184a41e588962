import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toaster';
import { queryClient as defaultClient } from '@web/lib/query-client';
import type { ReactNode } from 'react';
import { SectionProvider } from './section';

/** Everything the pages share: the query cache, the home section and the toast region. */
export function Providers({
  children,
  client = defaultClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      <SectionProvider>
        {children}
        <Toaster />
      </SectionProvider>
    </QueryClientProvider>
  );
}
