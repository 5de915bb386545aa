import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toast';
import { PreloadOverlayKit } from '@/components/ui/overlay-kit-loader';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';

/** Query cache, theme, the toast region and the overlay kit's preload: everything every screen needs. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {children}
        <Toaster />
        <PreloadOverlayKit />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
