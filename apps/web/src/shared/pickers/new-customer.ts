import { type ComponentType, createContext, useContext } from 'react';

/** A customer just registered, as a screen that chooses it needs it. */
export interface RegisteredCustomer {
  id: number;
  acc_code: string;
  customer_name: string;
  mobile_number: string;
}

export interface NewCustomerDialogProps {
  /** What the clerk had typed in the customer search: the new customer's name to start from. */
  initialName: string;
  /** Called once the customer is saved (before an ID proof upload, which may still fail). */
  onRegistered: (customer: RegisteredCustomer) => void;
  onClose: () => void;
}

/**
 * The customers feature's Add Customer dialog, handed to other features by the app (features never
 * import each other, ARCHITECTURE §3; app/new-customer-dialog.tsx provides it): Create Pledge
 * registers a walk-in customer with it. Null where nothing provides it.
 */
export const NewCustomerDialogContext = createContext<ComponentType<NewCustomerDialogProps> | null>(null);

export function useNewCustomerDialog(): ComponentType<NewCustomerDialogProps> | null {
  return useContext(NewCustomerDialogContext);
}
