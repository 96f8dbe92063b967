import { type KeyboardEvent, useId } from 'react';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { singlePaymentText } from '@/features/payments/single/i18n';
import { usePaymentFormState } from '@/features/payments/single/use-payment-form-state';
import { useSubmitPayment } from '@/features/payments/single/use-submit-payment';
import { useT } from '@/lib/i18n/language';
import { CustomerPledgeSection } from './customer-pledge-section';
import { PaymentDetailsSection } from './payment-details-section';
import { PaymentHistory } from './payment-history';
import { PaymentSummary } from './payment-summary';
import { SavedPaymentNotice } from './saved-payment-notice';

// Enter in a field never sends money by accident; Submit Payment is pressed on purpose.
const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
  if (event.key !== 'Enter' || event.defaultPrevented) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) event.preventDefault();
};

/**
 * The Single Pledge Payment screen (pledges-and-payments §2.4, §4, §5, §8): a customer, one of their
 * payable pledges, the server's balance on the payment date, the payment form checked by the domain's
 * `validatePayment`, and the pledge's payment history.
 */
export function SinglePaymentForm() {
  const t = useT(singlePaymentText);
  const titleId = useId();
  const state = usePaymentFormState();
  const { onSubmit, isSaving } = useSubmitPayment(state);
  const { pledgeId, balanceQuery, serverBalance, shownBalance, history, saved } = state;

  return (
    <div className="space-y-5">
      <form
        noValidate
        onSubmit={onSubmit}
        onKeyDown={onFormKeyDown}
        className="space-y-5"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="sr-only">
          {t('title')}
        </h2>
        <CustomerPledgeSection state={state} />

        {pledgeId !== null ? (
          <PaymentSummary
            pledge={state.pledge.data}
            balance={shownBalance}
            isPreview={!serverBalance && shownBalance !== null}
            error={balanceQuery.isError ? errorMessage(balanceQuery.error, t('loadPledgeFailed')) : null}
          />
        ) : null}

        <PaymentDetailsSection state={state} isSaving={isSaving} />
      </form>
      {state.leaveGuard.dialog}

      {saved ? <SavedPaymentNotice saved={saved} /> : null}

      {pledgeId !== null ? (
        <PaymentHistory
          payments={history.data}
          isLoading={history.isPending}
          isError={history.isError}
          onRetry={() => void history.refetch()}
        />
      ) : null}
    </div>
  );
}
