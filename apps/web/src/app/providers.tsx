import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ToastProvider, useToast } from '@/components/ui/toasts';
import { installFocusFirstInvalid } from '@/lib/form-errors';
import { SessionProvider } from '@/lib/session';
import { NewCustomerDialogContext } from '@/shared/pickers/new-customer';
import { NewCustomerDialog } from './new-customer-dialog';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** A form that shows the error itself (inline, or 422 messages under its fields) opts out of the toast. */
      skipErrorToast?: boolean;
    };
  }
}

function QueryProvider({ children }: { children: ReactNode }) {
  const { showToast } = useToast();
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
        },
        // Mutations toast their error by default (docs/decisions.md, "Web app structure").
        mutationCache: new MutationCache({
          onError: (error, _variables, _context, mutation) => {
            if (mutation.meta?.skipErrorToast) return;
            showToast({ type: 'error', title: 'Error', message: error.message });
          },
        }),
      }),
  );
  useEffect(() => markScreenData(client), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * A performance mark `screen-data` each time the app's queries have all come back and the frame that
 * draws their answers is painted: the last one after a navigation is when the screen shows its data
 * (the screen bench, bench/web/screens.ts, reads it; only the latest is kept). Returns the unsubscribe.
 */
function markScreenData(client: QueryClient): () => void {
  const cache = client.getQueryCache();
  return cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type === 'fetch') return;
    if (client.isFetching() > 0) return;
    requestAnimationFrame(() => {
      // Only the latest is kept: a day's work would otherwise pile up marks.
      performance.clearMarks('screen-data');
      performance.mark('screen-data');
    });
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  // A refused submit of any form puts focus on its first invalid field.
  useEffect(() => installFocusFirstInvalid(document), []);
  return (
    <ToastProvider>
      <QueryProvider>
        <SessionProvider>
          <NewCustomerDialogContext.Provider value={NewCustomerDialog}>
            {children}
          </NewCustomerDialogContext.Provider>
        </SessionProvider>
      </QueryProvider>
    </ToastProvider>
  );
}
