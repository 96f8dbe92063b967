import { lazy, Suspense } from 'react';
import type { NewCustomerDialogProps } from '@/shared/pickers/new-customer';

// Loaded when a screen first opens it: the pledge form does not carry the customer form
// (docs/performance.md).
const CustomerFormDialog = lazy(async () => {
  const [dialog, history] = await Promise.all([
    import('@/features/customers/components/customer-form-dialog'),
    import('./composed/customer-history'),
  ]);
  return {
    default: (props: Omit<Parameters<typeof dialog.CustomerFormDialog>[0], 'history'>) => (
      <dialog.CustomerFormDialog {...props} history={history.customerHistory} />
    ),
  };
});

/** The customers feature's Add Customer dialog, as other features open it (shared/pickers/new-customer). */
export function NewCustomerDialog({ initialName, onRegistered, onClose }: NewCustomerDialogProps) {
  return (
    <Suspense fallback={null}>
      <CustomerFormDialog record={null} initialName={initialName} onSaved={onRegistered} onClose={onClose} />
    </Suspense>
  );
}
