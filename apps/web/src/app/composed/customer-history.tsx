import { RecordHistory } from '@/features/audit/components/record-history';

/** A saved customer's audit trail under the customer form (the audit feature owns it). */
export const customerHistory = (customerId: number) => (
  <RecordHistory entity="customer" entityId={customerId} />
);
