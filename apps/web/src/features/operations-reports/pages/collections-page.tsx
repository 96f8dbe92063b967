import { collectionsConfig } from '../components/register-configs';
import { RegisterPage, RegisterPrintPage } from '../components/register-page';

/** Daily Collection (/registers/collections?from=&to=): the receipts of a day or range, with sums. */
export function CollectionsPage() {
  return <RegisterPage config={collectionsConfig} />;
}

/** Its print view (/registers/collections/print?from=&to=): the whole range. */
export function CollectionsPrintPage() {
  return <RegisterPrintPage config={collectionsConfig} />;
}
