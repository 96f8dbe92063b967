import { disbursementsConfig } from '../components/register-configs';
import { RegisterPage, RegisterPrintPage } from '../components/register-page';

/** Loans Paid Out (/registers/disbursements?from=&to=): the pledges of a day or range, with sums. */
export function DisbursementsPage() {
  return <RegisterPage config={disbursementsConfig} />;
}

/** Its print view (/registers/disbursements/print?from=&to=): the whole range. */
export function DisbursementsPrintPage() {
  return <RegisterPrintPage config={disbursementsConfig} />;
}
