import { formatRupees, type PledgePaymentSaved, rupeesToPaise } from '@pledge-desk/domain';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { singlePaymentText } from '@/features/payments/single/i18n';
import { useT } from '@/lib/i18n/language';

/** The payment just saved: its receipt, amount and the pledge's balance, and the receipt to print. */
export function SavedPaymentNotice({ saved }: { saved: PledgePaymentSaved }) {
  const t = useT(singlePaymentText);
  const messageId = useId();
  const printRef = useRef<HTMLAnchorElement>(null);
  // The form empties after a save: focus goes on to the receipt to print (the next step), not the
  // page's body, and the link is described by the saved payment's sentence.
  const receiptId = saved.receipt_id;
  useEffect(() => {
    if (receiptId) printRef.current?.focus();
  }, [receiptId]);
  return (
    <section
      aria-label={t('savedPayment')}
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-emerald-50 px-5 py-4 text-sm text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200"
      data-testid="saved-payment"
    >
      <p id={messageId}>
        {t.rich(saved.closed_pledge ? 'savedClosed' : 'savedBalance', {
          // A key: the part stands in a list (React warns of an element without one).
          b: (chunks) => (
            <strong key="receipt" className="font-mono">
              {chunks}
            </strong>
          ),
          receipt: saved.receipt_no,
          amount: formatRupees(rupeesToPaise(saved.amount)),
          pledge: saved.pledge_no,
          balance: formatRupees(rupeesToPaise(saved.balance_amount)),
        })}
      </p>
      <Link
        ref={printRef}
        to={`/pledge/receipt/${saved.receipt_id}`}
        aria-describedby={messageId}
        className="rounded-xl bg-brand-500 px-4 py-2 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {t('printReceipt')}
      </Link>
    </section>
  );
}
