import { formatIndianDate, type PledgeView } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { usePledgeRepledges } from '../api/bank-repledges-api';
import { bankBoth, bankRepledgeText } from '../i18n';
import { MoveToBankDialog, ReturnFromBankDialog } from './bank-dialogs';

/**
 * The pledge detail's bank part: where its articles are, their trips to banks, and
 * Move to Bank (an open, active pledge in the vault) or Return from Bank (one at a bank).
 */
export function PledgeBankSection({ pledge }: { pledge: PledgeView }) {
  const t = useT(bankRepledgeText);
  const trips = usePledgeRepledges(pledge.pledge_id);
  const [dialog, setDialog] = useState<'move' | 'return' | null>(null);
  const open = trips.data?.find((r) => r.status === 'open') ?? null;
  const canMove = !pledge.closed_date && pledge.status === 'active' && !pledge.is_move_to_bank;

  return (
    <section className="space-y-3" aria-labelledby={`bank-${pledge.pledge_id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`bank-${pledge.pledge_id}`} className="text-sm font-bold text-navy-700 dark:text-white">
          {t.language === 'en' ? (
            <>
              {bankBoth.en('colBank')} <span lang="ta">/ {bankBoth.ta('colBank')}</span>
            </>
          ) : (
            t('colBank')
          )}
        </h3>
        {open ? (
          <Button variant="secondary" onClick={() => setDialog('return')}>
            {t('returnFromBank')}
          </Button>
        ) : canMove ? (
          <Button variant="secondary" onClick={() => setDialog('move')}>
            {t('moveToBank')}
          </Button>
        ) : null}
      </div>
      {trips.isPending ? (
        <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
          {t('loadingRecord')}
        </p>
      ) : trips.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('recordFailed')}
        </p>
      ) : trips.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {pledge.is_move_to_bank ? t('markedAtBank') : t('inVault')}
        </p>
      ) : (
        <ul className="space-y-1 text-sm text-navy-700 dark:text-slate-100">
          {trips.data.map((r) => (
            <li key={r.id}>
              {t('trip', {
                bank: r.bank_name,
                reference: r.bank_reference,
                amount: formatRupeeAmount(r.amount_borrowed),
                date: formatIndianDate(r.pledged_on),
              })}
              {r.returned_on
                ? t('tripBack', {
                    date: formatIndianDate(r.returned_on),
                    amount: formatRupeeAmount(r.bank_interest ?? 0),
                  })
                : t('tripAtBank', { days: String(r.days_at_bank) })}
            </li>
          ))}
        </ul>
      )}
      {dialog === 'move' ? <MoveToBankDialog pledge={pledge} onClose={() => setDialog(null)} /> : null}
      {dialog === 'return' && open ? (
        <ReturnFromBankDialog repledge={open} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}
