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
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
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
