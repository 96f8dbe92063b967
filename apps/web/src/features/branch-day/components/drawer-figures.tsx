import { type CashDrawer, formatRupees, rupeesToPaise } from '@pledge-desk/domain';
import { useT } from '@/lib/i18n/language';
import { cashDrawerText, kindText } from '../i18n';

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

function Figure({
  label,
  value,
  testId,
  strong = false,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div
      className={`rounded-xl px-4 py-3 ${strong ? 'bg-brand-50 dark:bg-navy-700' : 'bg-slate-50 dark:bg-navy-900/60'}`}
    >
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
        {label}
      </dt>
      <dd
        className={`mt-1 tabular-nums text-navy-700 dark:text-white ${strong ? 'text-xl font-bold' : 'text-lg font-semibold'}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * Opening, receipts, payouts (and what an admin added) and expected cash of a drawer,
 * then its movements by kind.
 */
export function DrawerFigures({ drawer }: { drawer: CashDrawer }) {
  const t = useT(cashDrawerText);
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label={t('openingLabel')} value={money(drawer.opening.amount)} testId="drawer-opening" />
        <Figure label={t('receipts')} value={money(drawer.receipts)} testId="drawer-receipts" />
        <Figure label={t('payouts')} value={money(drawer.payouts)} testId="drawer-payouts" />
        {drawer.added > 0 ? (
          <Figure label={t('addedByAdmin')} value={money(drawer.added)} testId="drawer-added" />
        ) : null}
        <Figure label={t('expectedCash')} value={money(drawer.expected)} testId="drawer-expected" strong />
      </dl>
      <MovementsTable drawer={drawer} />
    </div>
  );
}

export function MovementsTable({ drawer, caption }: { drawer: CashDrawer; caption?: string }) {
  const t = useT(cashDrawerText);
  if (drawer.by_kind.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('noMovements')}</p>;
  }
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left font-semibold text-navy-700 dark:text-white">
        {caption ?? t('movementsByKind')}
      </caption>
      <thead>
        <tr className="text-left text-xs tracking-wide text-slate-600 uppercase dark:text-slate-300">
          <th scope="col" className="py-1.5 pr-3">
            {t('kind')}
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right">
            {t('vouchers')}
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right">
            {t('receipts')}
          </th>
          <th scope="col" className="py-1.5 text-right">
            {t('payouts')}
          </th>
        </tr>
      </thead>
      <tbody>
        {drawer.by_kind.map((m) => (
          <tr
            key={m.kind}
            className="border-t border-slate-100 text-navy-700 dark:border-navy-700 dark:text-white"
          >
            <th scope="row" className="py-1.5 pr-3 text-left font-medium">
              {kindText(t, m.kind)}
            </th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{m.count}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{money(m.receipts)}</td>
            <td className="py-1.5 text-right tabular-nums">{money(m.payouts)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
