import { formatIndianDate, formatRupees, rupeesToPaise } from '@pledge-desk/domain';
import { useId } from 'react';
import { SelectField } from '@/components/ui/form-field';
import { card } from '@/features/payments/single/components/payment-form-styles';
import { singlePaymentText } from '@/features/payments/single/i18n';
import type { PaymentFormModel } from '@/features/payments/single/use-payment-form-state';
import { useT } from '@/lib/i18n/language';
import { CustomerPicker } from '@/shared/pickers/customer-picker';

/** The customer and one of their payable pledges (a linked pledge that is no longer pending still shows). */
export function CustomerPledgeSection({ state }: { state: PaymentFormModel }) {
  const t = useT(singlePaymentText);
  const pledgeSelectId = useId();
  const { shownCustomer, pledgeId, pledge, pending, pendingPledges, errors } = state;
  const selectedIsListed = pendingPledges.some((p) => p.pledge_id === pledgeId);
  const pledgeError =
    errors.pledge_id ??
    (pending.isError ? t('loadPledgesFailed') : undefined) ??
    (pledge.isError ? t('loadPledgeFailed') : undefined);
  return (
    <section className={card} aria-label={t('customerAndPledge')}>
      <div className="grid gap-4 lg:grid-cols-2">
        <CustomerPicker
          label={t('customer')}
          value={shownCustomer}
          onChange={state.pickCustomer}
          error={errors.customer_id}
        />
        <SelectField
          id={pledgeSelectId}
          label={t('pledge')}
          value={pledgeId === null ? '' : String(pledgeId)}
          disabled={!shownCustomer}
          title={shownCustomer ? undefined : t('chooseCustomerFirst')}
          error={pledgeError}
          onChange={(e) => state.pickPledge(e.target.value)}
        >
          <option value="">
            {!shownCustomer
              ? t('chooseCustomerFirst')
              : pending.isPending
                ? t('loadingPledges')
                : pendingPledges.length === 0
                  ? t('noPendingPledges')
                  : t('selectPledge')}
          </option>
          {pendingPledges.map((p) => (
            <option key={p.pledge_id} value={p.pledge_id}>
              {t('pledgeOption', {
                number: p.pledge_no,
                date: formatIndianDate(p.pledge_date),
                amount: formatRupees(rupeesToPaise(p.total_outstanding)),
              })}
            </option>
          ))}
          {pledgeId !== null && !selectedIsListed && pledge.data ? (
            <option value={pledgeId}>
              {t('pledgeNotPending', {
                number: pledge.data.pledge_no,
                date: formatIndianDate(pledge.data.pledge_date),
              })}
            </option>
          ) : null}
        </SelectField>
      </div>
    </section>
  );
}
