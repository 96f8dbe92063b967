import { lazy, Suspense } from 'react';
import type { NewCustomerDialogProps } from '@/shared/pickers/new-customer';

// Loaded when a screen first opens it: the pledge form does not carry the customer form
// (docs/performance.md).
const CustomerFormDialog = lazy(async () => ({
  default: (await import('@/features/customers/components/customer-form-dialog')).CustomerFormDialog,
}));

/** The customers feature's Add Customer dialog, as other features open it (shared/pickers/new-customer). */
export function NewCustomerDialog({ initialName, onRegistered, onClose }: NewCustomerDialogProps) {
  return (
    <Suspense fallback={null}>
      <CustomerFormDialog record={null} initialName={initialName} onSaved={onRegistered} onClose={onClose} />
    </Suspense>
  );
}
