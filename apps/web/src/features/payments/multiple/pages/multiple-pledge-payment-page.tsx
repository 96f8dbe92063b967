import { AutoAllocateDialog } from '../components/auto-allocate-dialog';
import { CustomerSection } from '../components/multiple-pledge-payment/customer-section';
import { PaymentDetailsSection } from '../components/multiple-pledge-payment/payment-details-section';
import { PaymentSummarySection } from '../components/multiple-pledge-payment/payment-summary-section';
import { PendingPledgesSection } from '../components/multiple-pledge-payment/pending-pledges-section';
import { useMultiplePledgePayment } from '../components/multiple-pledge-payment/use-multiple-pledge-payment';
import { keepEnterFromSubmitting } from '../components/payment-errors';
import { PaymentResultDialog } from '../components/payment-result-dialog';

/**
 * /pledge/multiple-payment-new, 'Multiple Pledge Payment' (pledges-and-payments §2.6, §4, §5 v2, §8):
 * several pledges of one customer paid in one request, one receipt. The balances are the server's
 * (GET pending-pledges); each row's split is the domain's interest-first split; the server checks it
 * all again and answers 422 per part, shown on the part's row.
 */
export function MultiplePledgePaymentPage() {
  const form = useMultiplePledgePayment();
  return (
    <form className="space-y-5" onSubmit={form.onSubmit} onKeyDown={keepEnterFromSubmitting} noValidate>
      <CustomerSection form={form} />
      {form.customer ? <PendingPledgesSection form={form} /> : null}
      {form.customer && form.pledges.length > 0 ? (
        <div className="grid gap-5 lg:grid-cols-2">
          <PaymentDetailsSection form={form} />
          <PaymentSummarySection form={form} />
        </div>
      ) : null}
      <AutoAllocateDialog
        open={form.allocating}
        outstandingPaise={form.selectedOutstanding}
        onClose={() => form.setAllocating(false)}
        onAllocate={form.onAutoAllocate}
      />
      {form.result ? <PaymentResultDialog result={form.result} onClose={form.closeResult} /> : null}
      {form.leaveGuard.dialog}
    </form>
  );
}
