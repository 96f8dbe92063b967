import type { CustomerView } from '@pledge-desk/domain';

/** The selected customer (spec §2.6 'selected-customer card'): code, name, mobile and address. */
export function CustomerCard({ customer }: { customer: CustomerView }) {
  return (
    <div
      className="rounded-xl border border-brand-200 bg-brand-50/60 px-4 py-3 text-sm text-navy-700 dark:border-navy-600 dark:bg-navy-900 dark:text-white"
      data-testid="customer-card"
    >
      <p className="text-base font-semibold">
        {customer.name}{' '}
        <span className="text-xs font-medium text-slate-500 dark:text-slate-300">({customer.acc_code})</span>
      </p>
      <p className="text-slate-600 dark:text-slate-300">{customer.phone}</p>
      {customer.address || customer.city ? (
        <p className="text-slate-600 dark:text-slate-300">
          {[customer.address, customer.city].filter(Boolean).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
