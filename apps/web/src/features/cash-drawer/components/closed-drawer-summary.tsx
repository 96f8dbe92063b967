import { type CashDrawer, formatRupees, rupeesToPaise } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { DifferenceLine } from './close-drawer-form';
import { MovementsTable } from './drawer-figures';

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

/** A closed drawer: what was expected and counted, the difference and its voucher, and the sheet to print. */
export function ClosedDrawerSummary({ drawer }: { drawer: CashDrawer }) {
  const rows: [string, string, string][] = [
    ['Opening', money(drawer.opening.amount), 'closed-opening'],
    ['Receipts', money(drawer.receipts), 'closed-receipts'],
    ['Payouts', money(drawer.payouts), 'closed-payouts'],
    ['Expected', money(drawer.expected), 'closed-expected'],
    ['Counted', drawer.counted ? money(drawer.counted.amount) : '—', 'closed-counted'],
  ];
  return (
    <section aria-labelledby="closed-drawer-title" className="space-y-4" data-testid="closed-drawer">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="closed-drawer-title" className="text-lg font-bold text-navy-700 dark:text-white">
          Drawer closed
        </h2>
        <Link
          to={`/day-end/${drawer.business_date}?drawer=${drawer.id}`}
          className="rounded-xl bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          Print day-end sheet
        </Link>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-navy-900/60">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
              {label}
            </dt>
            <dd
              className="mt-1 text-lg font-semibold text-navy-700 tabular-nums dark:text-white"
              data-testid={testId}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {drawer.difference !== null ? (
        <DifferenceLine differencePaise={rupeesToPaise(drawer.difference)} />
      ) : null}
      <ul className="space-y-1 text-sm text-slate-700 dark:text-slate-200">
        {drawer.difference_voucher ? (
          <li>
            Difference posted as voucher{' '}
            <strong className="font-mono">{drawer.difference_voucher.voucher_number}</strong>
          </li>
        ) : null}
        {drawer.approved_by ? <li>Approved by {drawer.approved_by.username}</li> : null}
        {drawer.closed_by ? <li>Closed by {drawer.closed_by.username}</li> : null}
        {drawer.close_remarks ? <li>Remarks: {drawer.close_remarks}</li> : null}
      </ul>
      <MovementsTable drawer={drawer} />
    </section>
  );
}
