import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { card, cell } from '@/features/payments/multiple/components/styles';
import { multiplePaymentText } from '@/features/payments/multiple/i18n';
import {
  payInterestOnlyRows,
  selectPledgePaymentRow,
  toggleAllPledgePaymentRows,
} from '@/features/payments/multiple/payment-rows';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { PledgeRow } from './pledge-row';
import type { MultiplePledgePayment } from './use-multiple-pledge-payment';

/** The customer's pending pledges, one row each, and the buttons that fill several rows at once. */
export function PendingPledgesSection({ form }: { form: MultiplePledgePayment }) {
  const t = useT(multiplePaymentText);
  const messageText = useMessageText();
  const { rows, pending, pledges, changeRows, changeRow } = form;
  return (
    <section className={card} aria-label={t('pendingPledgesRegion')}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-lg font-semibold text-navy-700 dark:text-white">{t('pendingPledges')}</h2>
        <Button
          variant="secondary"
          disabled={rows.length === 0}
          onClick={() => changeRows(toggleAllPledgePaymentRows(rows))}
        >
          {form.allSelected ? t('deselectAll') : t('selectAll')}
        </Button>
        <Button
          variant="secondary"
          disabled={rows.length === 0}
          onClick={() => {
            if (!form.needsSelection()) changeRows(payInterestOnlyRows(rows));
          }}
        >
          {t('payInterestOnly')}
        </Button>
        <Button
          variant="secondary"
          disabled={rows.length === 0}
          onClick={() => {
            if (!form.needsSelection()) form.setAllocating(true);
          }}
        >
          {t('autoAllocate')}
        </Button>
      </div>
      {pending.isPending ? (
        <Spinner label={t('loadingPending')} />
      ) : pending.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('pledgePaymentLoadPending')}
        </p>
      ) : pledges.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">{t('noPending')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[900px] text-left text-sm text-navy-700 dark:text-white">
            <caption className="sr-only">{t('pendingCaption')}</caption>
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-navy-600 dark:text-slate-400">
              <tr>
                <th className={cell}>
                  <span className="sr-only">{t('select')}</span>
                </th>
                <th className={cell}>{t('pledgeNo')}</th>
                <th className={`${cell} text-right`}>{t('amount')}</th>
                <th className={cell}>{t('date')}</th>
                <th className={cell}>{t('scheme')}</th>
                <th className={`${cell} text-right`}>{t('outstanding')}</th>
                <th className={cell}>{t('paymentSplit')}</th>
                <th className={cell}>{t('discount')}</th>
                <th className={cell}>{t('penalty')}</th>
                <th className={cell}>{t('status')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-navy-700">
              {rows.map((row) => (
                <PledgeRow
                  key={row.pledge.pledge_id}
                  row={row}
                  error={(...f) => form.rowMessage(row.pledge.pledge_id, ...f)}
                  t={t}
                  messageText={messageText}
                  onSelect={(selected) =>
                    changeRow(row.pledge.pledge_id, (r) => selectPledgePaymentRow(r, selected))
                  }
                  onChange={(patch) => changeRow(row.pledge.pledge_id, (r) => ({ ...r, ...patch }))}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
