import { CustomersPage } from '@/features/customers/pages/customers-page';
import { customerHistory } from './customer-history';

/** /customers: the customers feature's page, its edit dialog with the customer's audit trail. */
export function CustomersRoute() {
  return <CustomersPage customerHistory={customerHistory} />;
}
