import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { MoneyInput, moneyTextError } from '@/components/ui/money-input';
import { card, inputClass } from '@/features/payments/multiple/components/styles';
import { multiplePaymentText } from '@/features/payments/multiple/i18n';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { CustomerPicker } from '@/shared/pickers/customer-picker';
import type { MultiplePledgeSinglePayment } from './use-multiple-pledge-single-payment';

/** The customer picked, the one amount to share, Auto Allocate and the count of pledges selected. */
export function CustomerAmountSection({ form }: { form: MultiplePledgeSinglePayment }) {
  const t = useT(multiplePaymentText);
  const messageText = useMessageText();
  const totalId = useId();
  const error = moneyTextError(form.totalText);
  return (
    <section className={card} aria-label={t('customerAndAmount')}>
      <div className="grid items-end gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto_auto]">
        <CustomerPicker label={t('searchCustomer')} value={form.customer} onChange={form.pickCustomer} />
        <div>
          <label htmlFor={totalId} className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white">
            {t('totalPaymentAmount')}
          </label>
          <MoneyInput
            id={totalId}
            className={inputClass}
            value={form.totalText}
            placeholder="0.00"
            error={error ? messageText(error) : error}
            onChange={(e) => form.setTotalText(e.target.value)}
          />
        </div>
        <Button
          variant="secondary"
          disabled={form.selected.length === 0 || form.totalPaise <= 0}
          onClick={form.autoAllocate}
        >
          {t('autoAllocate')}
        </Button>
        <p className="pb-2.5 text-sm text-slate-600 dark:text-slate-300" data-testid="selected-count">
          {t('selected')} <strong>{form.selected.length}</strong>
        </p>
      </div>
    </section>
  );
}
