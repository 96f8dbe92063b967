import {
  formatIndianDate,
  formatRupees,
  type MultiplePaymentResult,
  type PaymentMethod,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { type MultiplePaymentKey, multiplePaymentText, paymentDialogText } from '../i18n';

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

/** The method keys of the catalogue; 'Multiple Pledge Payment' calls 'online' an online transfer. */
const METHOD_KEYS: Record<PaymentMethod, MultiplePaymentKey> = {
  cash: 'methodCash',
  bank: 'methodBank',
  online: 'methodOnlineTransfer',
  cheque: 'methodCheque',
  bank_transfer: 'methodBank',
};

export function methodLabel(method: string, t: Translate<MultiplePaymentKey>): string {
  const key = METHOD_KEYS[method as PaymentMethod];
  return key ? t(key) : method;
}

/** 'Multiple Pledge Payment''s 'Payment Successfully Processed' (spec §2.6), with a working Print Receipt. */
export function PaymentResultDialog({
  result,
  onClose,
}: {
  result: MultiplePaymentResult;
  onClose: () => void;
}) {
  const t = useT(paymentDialogText);
  const pageText = useT(multiplePaymentText);
  const messageText = useMessageText();
  const facts: [string, string][] = [
    [t('receiptNumber'), result.receipt_no],
    [t('paymentId'), String(result.payment_id)],
    [t('masterVoucher'), result.master_voucher_no],
    [t('paymentDate'), formatIndianDate(result.payment_date)],
    [t('totalPaid'), money(result.total_amount_paid)],
    [t('netAmount'), money(result.net_amount)],
    [t('paymentMethod'), methodLabel(result.payment_method, pageText)],
  ];
  return (
    <Modal
      open
      size="xl"
      title={t('resultTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          <Link
            to={`/pledge/receipt/${result.receipt_id}`}
            className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {t('printReceipt')}
          </Link>
        </>
      }
    >
      <div className="space-y-4 text-sm text-navy-700 dark:text-white">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4" data-testid="result-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('pledgesPaid')}</caption>
            <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
              <tr>
                <th className="py-2 pr-3">{t('pledgeNo')}</th>
                <th className="py-2 pr-3 text-right">{t('payment')}</th>
                <th className="py-2 pr-3 text-right">{t('interest')}</th>
                <th className="py-2 pr-3 text-right">{t('principal')}</th>
                <th className="py-2 pr-3 text-right">{t('balance')}</th>
                <th className="py-2">{t('status')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-navy-700">
              {result.pledge_results.map((r) => (
                <tr key={r.pledge_id}>
                  <td className="py-2 pr-3 font-medium">{r.pledge_no}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(r.payment_amount)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(r.interest_paid)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(r.principal_paid)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(r.remaining_balance)}</td>
                  <td className="py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                        r.payment_status === 'completed'
                          ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200'
                          : 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200'
                      }`}
                    >
                      {r.payment_status === 'completed' ? t('completed') : t('partial')}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {result.accounting_entries.length > 0 ? (
          <div>
            <h3 className="mb-1 text-xs font-semibold text-slate-500 uppercase dark:text-slate-400">
              {t('accountingEntries')}
            </h3>
            <ul className="space-y-0.5 font-mono text-xs" data-testid="accounting-entries">
              {result.accounting_entries.map((line, i) => (
                // Lines may repeat (two Cr lines of one amount); the order is the voucher's.
                // biome-ignore lint/suspicious/noArrayIndexKey: the voucher's lines have no id
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="rounded-xl bg-emerald-50 px-3 py-2 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200">
          {messageText(result.message)}
        </p>
      </div>
    </Modal>
  );
}
