import { formatRupees, type PaymentType, paiseToRupees } from '@pledge-desk/domain';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { DateField, FormError, SelectField } from '@/components/ui/form-field';
import { MoneyInput } from '@/components/ui/money-input';
import { TextField } from '@/components/ui/text-field';
import { AdminApprovalFields } from '@/features/payments/approval/admin-approval-fields';
import {
  card,
  labelClass,
  moneyInputClass,
  readOnlyClass,
} from '@/features/payments/single/components/payment-form-styles';
import { singlePaymentText } from '@/features/payments/single/i18n';
import {
  SINGLE_PAYMENT_METHODS,
  SINGLE_PAYMENT_TYPES,
  type SinglePaymentMethod,
} from '@/features/payments/single/payment-form-model';
import type { PaymentFormModel } from '@/features/payments/single/use-payment-form-state';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { CashLimitControl } from '@/shared/cash-limit/cash-limit-control';

/**
 * The payment itself: type, date and amount, the interest-first split, penalty and discount with
 * their approval, method and references, the cash limit, the cash received and the submit.
 */
export function PaymentDetailsSection({ state, isSaving }: { state: PaymentFormModel; isSaving: boolean }) {
  const t = useT(singlePaymentText);
  const ids = {
    type: useId(),
    method: useId(),
    amount: useId(),
    interest: useId(),
    principal: useId(),
    penalty: useId(),
    discount: useId(),
    cash: useId(),
  };
  const { form, errors, update, split, cashLimit, waitingForBalance, isPayable } = state;
  const needsReference = form.paymentMethod !== '' && form.paymentMethod !== 'cash';
  const isLocked = form.paymentType === 'full_payment';
  return (
    <section className={card} aria-labelledby={`${ids.type}-title`}>
      <h2 id={`${ids.type}-title`} className="mb-4 text-lg font-bold text-navy-700 dark:text-white">
        {t('paymentDetails')}
      </h2>
      {!isPayable ? (
        <p
          role="alert"
          className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {t('closedPledge')}
        </p>
      ) : null}
      <FormError message={state.unplaced} className="mb-4" />
      <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        <SelectField
          id={ids.type}
          label={t('paymentType')}
          value={form.paymentType}
          error={errors.payment_type}
          onChange={(e) => update('paymentType', e.target.value as PaymentType | '')}
        >
          <option value="">{t('selectPaymentType')}</option>
          {SINGLE_PAYMENT_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {t(type.label)}
            </option>
          ))}
        </SelectField>
        <DateField
          label={t('paymentDate')}
          max={state.today}
          {...(state.pledge.data ? { min: state.pledge.data.pledge_date } : {})}
          value={form.paymentDate}
          error={errors.payment_date}
          onChange={(e) => update('paymentDate', e.target.value)}
        />
        <div>
          <label htmlFor={ids.amount} className={labelClass}>
            {t('amount')}
          </label>
          <MoneyInput
            id={ids.amount}
            className={moneyInputClass}
            placeholder={isLocked ? t('fromOutstanding') : '0.00'}
            value={state.amountText}
            readOnly={isLocked}
            aria-readonly={isLocked || undefined}
            title={isLocked ? t('fullCloseTitle') : undefined}
            error={errors.amount}
            onChange={(e) => update('amountText', e.target.value)}
          />
          {isLocked && !errors.amount ? (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="amount-locked">
              {t('amountLocked')}
            </p>
          ) : null}
        </div>
        <SplitField
          id={ids.interest}
          label={t('interestAmount')}
          paise={split?.interestPaise}
          error={errors.interest_amount}
        />
        <SplitField
          id={ids.principal}
          label={t('principalAmount')}
          paise={split?.principalPaise}
          error={errors.principal_amount}
        />
        <div className="hidden 2xl:block" />
        <div>
          <label htmlFor={ids.penalty} className={labelClass}>
            {t('penaltyAmount')}
          </label>
          <MoneyInput
            id={ids.penalty}
            className={moneyInputClass}
            placeholder="0.00"
            value={form.penaltyText}
            error={errors.penalty_amount}
            onChange={(e) => update('penaltyText', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.discount} className={labelClass}>
            {t('discountAmount')}
          </label>
          <MoneyInput
            id={ids.discount}
            className={moneyInputClass}
            placeholder="0.00"
            value={form.discountText}
            error={errors.discount_amount}
            onChange={(e) => update('discountText', e.target.value)}
          />
        </div>
        <div className="hidden 2xl:block" />
        <AdminApprovalFields approval={state.approval} className="lg:col-span-2 2xl:col-span-3" />
        <SelectField
          id={ids.method}
          label={t('paymentMethod')}
          value={form.paymentMethod}
          error={errors.payment_method}
          onChange={(e) => update('paymentMethod', e.target.value as SinglePaymentMethod | '')}
        >
          <option value="">{t('selectPaymentMethod')}</option>
          {SINGLE_PAYMENT_METHODS.map((m) => (
            <option key={m.value} value={m.value}>
              {t(m.label)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('bankReference')}
          maxLength={100}
          autoComplete="off"
          disabled={!needsReference}
          aria-required={needsReference || undefined}
          placeholder={needsReference ? t('referenceRequired') : t('referenceNotNeeded')}
          value={needsReference ? form.bankReference : ''}
          error={errors.bank_reference}
          onChange={(e) => update('bankReference', e.target.value)}
        />
        <TextField
          label={t('receiptNumber')}
          maxLength={50}
          autoComplete="off"
          placeholder={t('receiptPlaceholder')}
          value={form.receiptNo}
          error={errors.receipt_no}
          onChange={(e) => update('receiptNo', e.target.value)}
        />
        <TextField
          label={t('remarks')}
          className="lg:col-span-2 2xl:col-span-3"
          maxLength={1000}
          value={form.remarks}
          error={errors.remarks}
          onChange={(e) => update('remarks', e.target.value)}
        />
        <CashLimitControl
          className="lg:col-span-2 2xl:col-span-3"
          check={cashLimit}
          confirmed={form.cashLimitConfirmed}
          onConfirmedChange={(checked) => update('cashLimitConfirmed', checked)}
          error={errors.cash_limit_confirmed}
        />
      </div>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-4 border-t border-slate-100 pt-4 dark:border-navy-700">
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          <span id={ids.cash}>{t('cashReceived')}</span> {t('cashFormula')}{' '}
          <strong
            className="text-base text-navy-700 tabular-nums dark:text-white"
            data-testid="cash-received"
            aria-describedby={ids.cash}
          >
            {formatRupees(state.cashPaise)}
          </strong>
        </p>
        <Button
          type="submit"
          disabled={isSaving || waitingForBalance || !isPayable || cashLimit.verdict === 'block'}
        >
          {isSaving ? t('saving') : waitingForBalance ? t('loadingBalance') : t('submit')}
        </Button>
      </div>
    </section>
  );
}

/** A part of the interest-first split: read only, with the server's message about it. */
function SplitField({
  id,
  label,
  paise,
  error,
}: {
  id: string;
  label: string;
  paise: number | undefined;
  error: string | undefined;
}) {
  const messageText = useMessageText();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        readOnly
        tabIndex={-1}
        className={readOnlyClass}
        value={paise !== undefined ? paiseToRupees(paise).toFixed(2) : ''}
        placeholder="—"
        aria-invalid={error ? true : undefined}
      />
      {error ? <p className="mt-1 text-sm text-red-600 dark:text-red-400">{messageText(error)}</p> : null}
    </div>
  );
}
