import { overdueConfig } from '../components/register-configs';
import { RegisterPage, RegisterPrintPage } from '../components/register-page';

/** Overdue List (/registers/overdue?as_of=): open pledges past their due date, most overdue first. */
export function OverduePage() {
  return <RegisterPage config={overdueConfig} />;
}

/** Its print view (/registers/overdue/print?as_of=): the whole list. */
export function OverduePrintPage() {
  return <RegisterPrintPage config={overdueConfig} />;
}
