import { type CashDrawer, formatRupees, rupeesToPaise } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/language';
import { type CashDrawerKey, cashDrawerText } from '../i18n';
import { DifferenceLine } from './close-drawer-form';
import { MovementsTable } from './drawer-figures';

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

/** A closed drawer: what was expected and counted, the difference and its voucher, and the sheet to print. */
export function ClosedDrawerSummary({ drawer }: { drawer: CashDrawer }) {
  const t = useT(cashDrawerText);
  const rows: [CashDrawerKey, string, string][] = [
    ['openingLabel', money(drawer.opening.amount), 'closed-opening'],
    ['receipts', money(drawer.receipts), 'closed-receipts'],
    ['payouts', money(drawer.payouts), 'closed-payouts'],
    ['expected', money(drawer.expected), 'closed-expected'],
    ['counted', drawer.counted ? money(drawer.counted.amount) : '—', 'closed-counted'],
  ];
  return (
    <section aria-labelledby="closed-drawer-title" className="space-y-4" data-testid="closed-drawer">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="closed-drawer-title" className="text-lg font-bold text-navy-700 dark:text-white">
          {t('closed')}
        </h2>
        <Link
          to={`/day-end/${drawer.business_date}?drawer=${drawer.id}`}
          className="rounded-xl bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {t('printSheet')}
        </Link>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-navy-900/60">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
              {t(label)}
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
            {t.rich('differenceVoucher', {
              voucher: drawer.difference_voucher.voucher_number,
              // A key: the part stands in a list (React warns of an element without one).
              v: (chunks) => (
                <strong key="voucher" className="font-mono">
                  {chunks}
                </strong>
              ),
            })}
          </li>
        ) : null}
        {drawer.approved_by ? <li>{t('approvedBy', { name: drawer.approved_by.username })}</li> : null}
        {drawer.closed_by ? <li>{t('closedBy', { name: drawer.closed_by.username })}</li> : null}
        {drawer.close_remarks ? <li>{t('remarksLine', { remarks: drawer.close_remarks })}</li> : null}
      </ul>
      <MovementsTable drawer={drawer} />
    </section>
  );
}
