import type { RenewalPaymentMethod } from '@pledge-desk/domain';
import { SelectField } from '@/components/ui/form-field';
import { MoneyInput, moneyTextError } from '@/components/ui/money-input';
import { TextField } from '@/components/ui/text-field';
import { PAYOUT_METHODS } from '@/features/pledges/form/components/payout-section';
import { payoutText } from '@/features/pledges/form/i18n';
import { inputClass } from '@/features/pledges/renewal/components/renew-styles';
import { renewalText } from '@/features/pledges/renewal/i18n';
import type { RenewPreview } from '@/features/pledges/renewal/use-renew-preview';
import type { RenewSave } from '@/features/pledges/renewal/use-renew-save';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { DrawerPayoutNotice } from '@/shared/cash-drawer/drawer-payout-notice';

/**
 * The new pledge's loan and document charges, how the cash changes hands, the cash limit's
 * confirmation once the preview reaches it, and the drawer rules of the cash handed over.
 */
export function NewLoanSection({ form, save }: { form: RenewPreview; save: RenewSave }) {
  const t = useT(renewalText);
  const tp = useT(payoutText);
  const messageText = useMessageText();
  const messageTextOf = (m: string | null | undefined) => (m ? messageText(m) : m);
  const { state, set, preview } = form;
  const { errors } = save;
  return (
    <section
      aria-label={t('newLoan')}
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-2 dark:bg-navy-800"
    >
      <div>
        <label htmlFor="renew-loan" className="mb-1.5 block text-sm font-medium">
          {t('newLoanAmount')}
        </label>
        <MoneyInput
          id="renew-loan"
          className={inputClass}
          value={state.loan}
          error={messageTextOf(moneyTextError(state.loan, { aboveZero: true }) ?? errors.total_loan_amount)}
          onChange={(e) => set({ loan: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="renew-charges" className="mb-1.5 block text-sm font-medium">
          {t('documentCharges')}
        </label>
        <MoneyInput
          id="renew-charges"
          className={inputClass}
          value={state.charges}
          error={messageTextOf(moneyTextError(state.charges) ?? errors.document_charges)}
          onChange={(e) => set({ charges: e.target.value })}
        />
      </div>
      <SelectField
        label={t('paymentMethod')}
        value={state.method}
        error={errors.payment_method}
        onChange={(e) => set({ method: e.target.value as RenewalPaymentMethod })}
      >
        {PAYOUT_METHODS.map((m) => (
          <option key={m.value} value={m.value}>
            {tp(m.labelKey)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('paymentReference')}
        maxLength={100}
        autoComplete="off"
        disabled={state.method === 'cash'}
        placeholder={state.method === 'cash' ? t('notNeededForCash') : t('referencePlaceholder')}
        value={state.method === 'cash' ? '' : state.reference}
        error={errors.payment_reference}
        onChange={(e) => set({ reference: e.target.value })}
      />
      {preview.data?.cash_limit_reached || errors.cash_limit_confirmed ? (
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            checked={state.confirmed}
            onChange={(e) => set({ confirmed: e.target.checked })}
          />
          <span>
            {t('cashLimitConfirm')}
            {errors.cash_limit_confirmed ? (
              <span className="block text-xs text-red-600 dark:text-red-400">
                {messageText(errors.cash_limit_confirmed)}
              </span>
            ) : null}
          </span>
        </label>
      ) : null}
      <DrawerPayoutNotice check={save.drawerPayout} className="sm:col-span-2" />
    </section>
  );
}
