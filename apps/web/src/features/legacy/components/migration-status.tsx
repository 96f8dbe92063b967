import { Link } from 'react-router';
import { useT } from '@/lib/i18n/language';
import { migrateText } from '../i18n';

/**
 * Where a migrated record went: a green 'Migrated' mark and the customer it became, as a link to the
 * Customers screen for those who may open it (admins), as plain text for everyone else.
 */
export function MigrationStatus({
  customerId,
  customerCode,
  canOpenCustomers,
}: {
  customerId: number;
  customerCode: string | null;
  canOpenCustomers: boolean;
}) {
  const t = useT(migrateText);
  const label = customerCode
    ? t('customerCode', { code: customerCode })
    : t('customerId', { id: String(customerId) });
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300">
        <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
        {t('migrated')}
      </span>
      {canOpenCustomers ? (
        <Link
          to="/admin/customers"
          className="rounded text-sm font-semibold text-brand-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
        >
          {label}
        </Link>
      ) : (
        <span className="text-sm text-slate-600 dark:text-slate-300">{label}</span>
      )}
    </span>
  );
}
