import { rbiRatioConfig } from '../components/register-configs';
import { RegisterPage, RegisterPrintPage } from '../components/register-page';

/** RBI Ratio Report (/registers/rbi-ratio?as_of=): open pledges past their loan-to-value tier. */
export function RbiRatioPage() {
  return <RegisterPage config={rbiRatioConfig} />;
}

/** Its print view (/registers/rbi-ratio/print?as_of=): the whole report. */
export function RbiRatioPrintPage() {
  return <RegisterPrintPage config={rbiRatioConfig} />;
}
