import type { RenewalSaved } from '@pledge-desk/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { renewalText } from '@/features/pledges/renewal/i18n';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';

/** The renewal just saved: the new pledge, the cash statement, the vouchers, and where to go next. */
export function RenewalSavedSection({ saved }: { saved: RenewalSaved }) {
  const t = useT(renewalText);
  const messageText = useMessageText();
  return (
    <section
      aria-label={t('renewalSaved')}
      className="space-y-3 rounded-2xl border border-green-200 bg-green-50 p-5 dark:border-green-900 dark:bg-green-950/40"
    >
      <h3 className="text-lg font-bold text-green-800 dark:text-green-200">
        {t.rich('renewedAs', {
          old: saved.old_pledge.pledge_no,
          pledge: saved.new_pledge_view.pledge_no,
          new: (chunks: ReactNode[]) => (
            <span key="new" data-testid="renewal-new-pledge-no">
              {chunks}
            </span>
          ),
        })}
      </h3>
      <p className="text-sm text-green-900 dark:text-green-100" data-testid="renewal-saved-cash">
        {messageText(saved.cash_statement)}
      </p>
      <p className="text-sm text-green-900 dark:text-green-100">
        {t('savedVouchers', {
          receipt: saved.receipt_no,
          closeVoucher: saved.close_voucher.voucher_number,
          openVoucher: saved.open_voucher.voucher_number,
        })}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link
          to={`/pledge/print/${saved.new_pledge_view.pledge_id}?kind=full`}
          className="inline-flex items-center rounded-xl bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t('printTicket')}
        </Link>
        <Link
          to={`/pledge/receipt/${saved.receipt_id}`}
          className="inline-flex items-center rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-navy-700 hover:bg-slate-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700"
        >
          {t('receipt', { receipt: saved.receipt_no })}
        </Link>
        <Link
          to={`/pledges?view=${saved.new_pledge_view.pledge_id}`}
          className="inline-flex items-center rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-navy-700 hover:bg-slate-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700"
        >
          {t('backToPledges')}
        </Link>
      </div>
    </section>
  );
}
