import { formatRupees } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { multiplePaymentText } from '@/features/payments/multiple/i18n';
import { useT } from '@/lib/i18n/language';
import { CustomerAmountSection } from '../components/multiple-pledge-single-payment/customer-amount-section';
import { PaymentDetailsSection } from '../components/multiple-pledge-single-payment/payment-details-section';
import { PendingPledgesSection } from '../components/multiple-pledge-single-payment/pending-pledges-section';
import { useMultiplePledgeSinglePayment } from '../components/multiple-pledge-single-payment/use-multiple-pledge-single-payment';
import { keepEnterFromSubmitting } from '../components/payment-errors';

/**
 * /pledge/multiple-payment, 'Multiple Pledge Single Payment' (pledges-and-payments §2.5, §4, §5 v1,
 * §8): one amount shared over several pledges, by hand or by Auto Allocate. The allocation goes to the
 * server in one request (one receipt, all or nothing), each part split interest first; the server
 * decides each part's type. The old one-request-per-pledge loop is gone.
 */
export function MultiplePledgeSinglePaymentPage() {
  const t = useT(multiplePaymentText);
  const form = useMultiplePledgeSinglePayment();
  const { lastReceipt } = form;
  return (
    <form className="space-y-5" onSubmit={form.onSubmit} onKeyDown={keepEnterFromSubmitting} noValidate>
      <div className="flex justify-end">
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="header-total">
          {t('totalAllocated')}{' '}
          <strong className="text-lg text-navy-700 tabular-nums dark:text-white">
            {form.hasBadText ? '—' : formatRupees(form.totalAllocated)}
          </strong>
        </p>
      </div>

      {lastReceipt ? (
        <p className="flex flex-wrap items-center gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200">
          {t('receiptSaved', { receipt: lastReceipt.no })}
          <Link
            to={`/pledge/receipt/${lastReceipt.id}`}
            className="font-semibold underline underline-offset-2"
          >
            {t('printReceipt')}
          </Link>
        </p>
      ) : null}

      <CustomerAmountSection form={form} />
      {form.customer ? <PendingPledgesSection form={form} /> : null}
      {form.selected.length > 0 ? <PaymentDetailsSection form={form} /> : null}
      {form.leaveGuard.dialog}
    </form>
  );
}
